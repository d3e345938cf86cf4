import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { readSnapshot } from './_reading.js';
import { snippetAround, subjectsOf } from './_tool-text.js';

// Files and stores that hold credentials or secrets. Named by location, so a tool that reads
// "a file" generically is not matched; one that names ~/.ssh/id_rsa is.
const SENSITIVE_PATH_RE =
  /(?:~|\$home|\/home\/[\w.-]+|\/root|%userprofile%)?\/?\.ssh\/(?:id_[\w]+|authorized_keys|known_hosts|config)?|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\/etc\/(?:passwd|shadow|sudoers|gshadow)\b|\/etc\/kubernetes\/(?:pki|admin\.conf)\b|\.aws\/(?:credentials|config)\b|\.azure\/|\.config\/gcloud|\.kube\/config\b|\.docker\/config\.json|\.npmrc\b|\.pypirc\b|\.netrc\b|\.git-credentials\b|\.pgpass\b|\bwallet\.dat\b|\blogin data\b|\bkey4\.db\b|\blogins\.json\b|\bclaude_desktop_config\.json\b|\.cursor\/|\/proc\/(?:self|\d+|\[pid\])\/(?:environ|mem)\b|\bsystem:\/\/secrets?\b|\bsam (?:database|hive)\b|\bntds\.dit\b/;
/** Locations that legitimate tools also name (dotenv loaders, keychain helpers): medium at most. */
const WEAK_PATH_RE =
  /(?:^|[\s'"`(/~])\.env(?:\.[a-z]+)?\b|\bkeychain\b|\bkeyring\b|\bcookies\.sqlite\b|\bbrowser cookies\b|\/var\/run\/docker\.sock|\bmcp\.json\b|\bcredentials\.json\b|\bsecrets?\.(?:json|ya?ml|toml)\b/;
// Verbs in every inflection ("passed as-is", "attaches"), and words that ask for what a file holds
// rather than where it is ("its contents", "verbatim").
const ACTION_RE =
  /\b(?:read|reads|reading|cat|(?:send|includ|pass|upload|cop|extract|access|dump|collect|retriev|attach|forward|print|output|fetch|grab|steal|leak|gather|plac|embed|past|append|insert)(?:e|es|ed|ing|s|y|ies|ied)?|exfiltrat\w*|put|puts|putting|contents? of|verbatim|as-is|in full)\b/;
/** The action must be near the path: in its sentence, not anywhere in a long description. */
const ACTION_WINDOW_BEFORE = 80;
const ACTION_WINDOW_AFTER = 90;
const SENTENCE_END_RE = /[.!?](?:\s|$)|\n/;
const SENTENCE_ENDS_RE = new RegExp(SENTENCE_END_RE, 'g');

/** The text around a match, within its sentence and at most the window's reach each side. */
function sentenceWindow(text: string, start: number, end: number): string {
  const before = text.slice(Math.max(0, start - ACTION_WINDOW_BEFORE), start);
  const ends = [...before.matchAll(SENTENCE_ENDS_RE)];
  const from = ends.length > 0 ? ends.at(-1)!.index + ends.at(-1)![0].length : 0;
  const after = text.slice(end, end + ACTION_WINDOW_AFTER);
  const stop = SENTENCE_END_RE.exec(after);
  return before.slice(from) + text.slice(start, end) + (stop ? after.slice(0, stop.index) : after);
}

export default defineRule({
  meta: {
    id: 'sensitive-file-access',
    idPrefix: 'SFA',
    title: 'Tool text targets credential files or secret stores',
    description:
      'Finds tool, prompt and server text, and schema defaults, that point at files and stores holding credentials: SSH keys, cloud credentials, `.env` files, `/etc/passwd` and `/etc/shadow`, browser cookie and password stores, keychains, MCP client configs. Next to an action (read, send, include) in a description this is how poisoned tools steal secrets; as a default it makes the tool do so unasked.',
    target: 'snapshot',
    owasp: 'LLM02',
    owaspMcp: 'MCP01',
    severity: 'high',
    confidence: 'high',
    cwe: 'CWE-200',
    hipaa: [HIPAA.accessControl, HIPAA.authentication],
    soc2: [SOC2.logicalAccess, SOC2.transmission],
    remediation:
      'Tools must not name or default to credential files. Confine file tools to an allow-listed workspace root and deny dot-directories holding secrets (.ssh, .aws, .env); never enable a server whose text asks the model to read them.',
    references: [
      'https://genai.owasp.org/llmrisk/llm022025-sensitive-information-disclosure/',
      'https://cwe.mitre.org/data/definitions/200.html',
    ],
    readsProse: true,
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      for (const field of subject.fields) {
        if (field.kind === 'name' || field.kind === 'param-name' || field.kind === 'server-info')
          continue;
        const strong = SENSITIVE_PATH_RE.exec(field.norm);
        const m = strong && strong[0].trim().length >= 3 ? strong : WEAK_PATH_RE.exec(field.norm);
        if (!m) continue;
        const isValue = field.kind === 'schema-value';
        const window = sentenceWindow(field.norm, m.index, m.index + m[0].length);
        const hasAction = ACTION_RE.test(window);
        if (!isValue && !hasAction) continue;
        // A statement of where the tool itself reads its configuration ("contexts are read from
        // ~/.kube/config") names the file without asking the model for it: the English reader
        // finds no act asked for in that sentence, only a passive.
        const path = m[0].trim().toLowerCase();
        // The subject's reading, where an item's opening sentence ("Get the configuration …
        // Reads ~/.kube/config") says what the item does rather than giving an order.
        const statement = readSnapshot(snapshot)
          .find((r) => r.subject === subject)
          ?.frames.find(
            (f) =>
              f.field.location === field.location &&
              f.language === 'en' &&
              f.text.toLowerCase().includes(path),
          );
        const stated =
          statement !== undefined &&
          !statement.modal &&
          (statement.actions.length === 0 || !statement.directive);
        ctx.report({
          subject: subject.location,
          severity: isValue || m !== strong || stated ? 'medium' : 'high',
          message: isValue
            ? `A schema value of ${subject.label} defaults to or suggests a credential location ("${m[0].trim()}").`
            : `The text of ${subject.label} directs access to a credential location ("${m[0].trim()}").`,
          location: field.location,
          snippet: snippetAround(field.display, m.index, m[0].length),
        });
      }
    }
  },
});
