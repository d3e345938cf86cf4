import type { Rule } from '../define-rule.js';
import configAutoApprove from './config-auto-approve.js';
import configBroadFilesystemRoot from './config-broad-filesystem-root.js';
import configDuplicateServer from './config-duplicate-server.js';
import configHardcodedSecret from './config-hardcoded-secret.js';
import configInlineShellCode from './config-inline-shell-code.js';
import configInsecureTransport from './config-insecure-transport.js';
import configLookalikeServerName from './config-lookalike-server-name.js';
import configPrivilegedContainer from './config-privileged-container.js';
import configUnpinnedPackage from './config-unpinned-package.js';
import configVulnerablePackage from './config-vulnerable-package.js';

/** The config rules, sorted by id. */
export const CONFIG_RULES: readonly Rule<'config'>[] = [
  configAutoApprove,
  configBroadFilesystemRoot,
  configDuplicateServer,
  configHardcodedSecret,
  configInlineShellCode,
  configInsecureTransport,
  configLookalikeServerName,
  configPrivilegedContainer,
  configUnpinnedPackage,
  configVulnerablePackage,
];
