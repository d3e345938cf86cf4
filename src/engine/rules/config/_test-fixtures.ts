// Builds ConfigInputs for rule tests through the real parser, so the tests also cover it.
import { parseClientConfig } from '../../inputs/config/parse-config.js';
import { parseJsonDocument, parseTomlDocument, parseYamlDocument } from '../../inputs/documents.js';
import type { ConfigInput } from '../../inputs/types.js';

export function configText(text: string, path = 'claude_desktop_config.json'): ConfigInput {
  const format = path.endsWith('.toml') ? 'toml' : /\.ya?ml$/.test(path) ? 'yaml' : 'json';
  const parsed =
    format === 'toml'
      ? parseTomlDocument(text)
      : format === 'yaml'
        ? parseYamlDocument(text)
        : parseJsonDocument(text);
  const input = parseClientConfig(
    path,
    text,
    parsed.value,
    format,
    parsed.duplicates,
    parsed.keyLines,
  );
  if (!input) throw new Error(`not a client config: ${text.slice(0, 80)}`);
  return input;
}

export function config(doc: unknown, path = 'claude_desktop_config.json'): ConfigInput {
  return configText(JSON.stringify(doc, null, 2), path);
}

/** One server under `mcpServers`. */
export function server(name: string, entry: Record<string, unknown>): ConfigInput {
  return config({ mcpServers: { [name]: entry } });
}
