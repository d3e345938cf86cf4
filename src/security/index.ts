export {
  API_KEY_PREFIX,
  apiKeyHint,
  constantTimeEqual,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
} from './api-keys.js';
export {
  decryptSecret,
  encryptSecret,
  loadMasterKey,
  MASTER_KEY_FILE,
  SecretError,
} from './encryption-at-rest.js';
export {
  SIGNATURE_HEADER,
  signWebhookBody,
  standardWebhookHeaders,
  verifyStandardWebhook,
  verifyWebhookSignature,
  type StandardWebhookHeaders,
} from './webhook-signature.js';
