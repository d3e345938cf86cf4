import { defineRule } from '../define-rule.js';
import type { Severity } from '../../types.js';
import { holdsNoText, toolParameters } from '../../text/fields.js';
import { normalizeForMatching } from '../../text/unicode.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { nameWords, subjectsOf, toolSummary, withoutSafeguards } from './_tool-text.js';

// Parameters through which a tool asks the model for things the tool has no use for: the
// conversation, the system prompt, other tools' output, the model's identity, secrets. The model
// fills parameters from its context, so a parameter is a channel out of it.

interface ParamKind {
  severity: Severity;
  what: string;
  test: (words: string[], joined: string) => boolean;
  /** The tool's own purpose covers this data (a chat summariser takes chat history): not reported. */
  inScope: RegExp;
  /** Purposes that cover the data only as the parameter itself names it: a video tool's
   *  "transcript" is no chat transcript, so "chat_history" is out of its scope. */
  inScopeAs?: (words: string[]) => RegExp | undefined;
  /** Words of the parameter's name that, found in the server's own tool names, make it a domain
   *  object: a server with `list_assistants` manages assistants, so `assistantId` on its
   *  `create_call` names one of them, not the model ("llm" or "model" in a name is no such sign). */
  serverObjects?: readonly string[];
}

const has = (words: string[], ...any: string[]): boolean => words.some((w) => any.includes(w));
const singular = (word: string): string => word.replace(/s$/, '');

const PARAM_KINDS: readonly ParamKind[] = [
  {
    severity: 'high',
    what: 'the conversation or chat history',
    inScope: /\b(?:conversations?|chats?|dialog(?:ue)?s?|threads?|messages?|summari[sz]\w*)\b/,
    inScopeAs: (w) =>
      has(w, 'transcript') && !has(w, 'chat', 'conversation') ? /\btranscripts?\b/ : undefined,
    test: (w, j) =>
      (has(w, 'conversation', 'chat', 'dialog', 'dialogue', 'transcript') &&
        has(w, 'history', 'context', 'log', 'logs', 'messages', 'transcript', 'summary')) ||
      /^(?:previous|prior|last|all|recent)_?(?:messages?|turns|prompts|responses)$/.test(j),
  },
  {
    severity: 'high',
    what: 'the system prompt or the model’s instructions',
    inScope: /\b(?:prompts?|bots?|chatbots?|assistants?|agents?|personas?|llms?)\b/,
    test: (w, j) =>
      (has(w, 'system') && has(w, 'prompt', 'message', 'instructions')) ||
      /^(?:developer|hidden|initial)_?(?:prompt|instructions)$/.test(j),
  },
  {
    severity: 'medium',
    what: 'other tools or their output',
    inScope: /\b(?:tools?|functions?|plugins?|registry|mcp|servers?)\b/,
    test: (w) =>
      has(w, 'tools', 'tool', 'functions') &&
      has(w, 'list', 'available', 'other', 'outputs', 'output', 'results', 'names'),
  },
  {
    severity: 'medium',
    what: 'the identity of the model or agent',
    inScope: /\b(?:llms?|models?|ai|assistants?|agents?|usage|telemetry|analytics)\b/,
    serverObjects: ['assistant', 'agent', 'bot', 'chatbot'],
    // "model_name" alone is an ordinary ML parameter; the language model itself must be named.
    test: (w) =>
      has(w, 'llm', 'ai', 'assistant', 'agent', 'gpt', 'claude', 'chatbot') &&
      has(w, 'name', 'version', 'id', 'provider', 'type', 'vendor', 'model'),
  },
  {
    severity: 'high',
    what: 'private keys or environment secrets',
    inScope:
      /\b(?:ssh|keys?|env(?:ironment)?|secrets?|credentials?|vault|certificates?|deploy\w*|servers?|hosts?)\b/,
    test: (w) =>
      (has(w, 'ssh', 'private', 'rsa') && has(w, 'key', 'keys')) ||
      (has(w, 'env', 'environment') && has(w, 'vars', 'variables', 'secrets')) ||
      // A credential file named by its name: "pgpass_file_contents", "netrc", "id_rsa".
      has(w, 'pgpass', 'netrc', 'npmrc', 'pypirc', 'kubeconfig', 'dotenv') ||
      (has(w, 'id') && has(w, 'rsa', 'ed25519', 'ecdsa', 'dsa')) ||
      (has(w, 'env', 'aws', 'git', 'docker', 'gcloud') &&
        has(w, 'file', 'credentials', 'config') &&
        has(w, 'contents', 'content', 'text', 'body')),
  },
  {
    severity: 'high',
    what: 'browser cookies',
    // Cookies belong to HTTP: a tool that builds, sends or records requests and responses, or
    // drives a browser, has a use for them.
    inScope:
      /\b(?:cookies?|https?|requests?|responses?|browser\w*|web\w*|headers?|sessions?|api|endpoints?|curl|fetch\w*|pages?|collections?|mock\w*)\b/,
    test: (w) => has(w, 'cookie', 'cookies'),
  },
];

/**
 * Blanks worked examples (offsets kept): JSON object literals and quoted strings after "e.g.",
 * "i.e." or "for example". `{"action": "Fill in the password"}` shows what a caller writes; it
 * does not ask the model for a password.
 */
function withoutExamples(text: string): string {
  const blank = (m: string): string => ' '.repeat(m.length);
  let out = text;
  // Innermost objects first, so a nested example is blanked whole (three levels at most).
  for (let depth = 0; depth < 3 && out.includes('{'); depth++) {
    out = out.replace(/\{[^{}]{0,400}"[^"{}]{0,80}"\s*:[^{}]{0,400}\}/g, blank);
  }
  return out.replace(
    /\b(?:e\.g\.|i\.e\.|ie:|eg:|for example|for instance|such as|like)[,:]?\s*(?:'[^'\n]{0,200}'|"[^"\n]{0,200}"|`[^`\n]{0,200}`)/g,
    blank,
  );
}

/** A parameter description that asks the model to hand over its context. */
const CONTEXT_REQUEST_RE =
  // After a determiner the word is a noun: "the ID of the Send to remove the password from".
  /(?<!\b(?:the|a|an|this|that|each|every|your|its|their|our) )\b(?:include|provide|pass|paste|put|add|insert|send|copy|fill (?:in|with)|should contain|must contain)\b[^.\n]{0,60}?\b(?:(?:full|entire|complete|whole|previous|prior|current) (?:conversation|chat|context|history|messages?|prompt)|conversation history|chat history|system prompt|your instructions|all (?:previous|prior) messages|the user'?s? (?:messages|conversation|personal|private|credentials|password)|(?:contents?|content) of (?:~|\/|\.env|the (?:file|config))|api keys?|credentials|passwords?|secrets?|tokens?)\b/;

export default defineRule({
  meta: {
    id: 'exfiltration-parameter',
    idPrefix: 'EXP',
    title: 'Parameter collects context the tool does not need',
    description:
      'Finds input parameters that ask the model for the conversation, the system prompt, other tools’ output, the model’s identity or secrets, and parameter descriptions that ask the model to paste such context. The model fills parameters from what it knows, so such a parameter quietly sends the user’s context to the server.',
    target: 'snapshot',
    owasp: 'LLM02',
    owaspMcp: 'MCP10',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-200',
    hipaa: [HIPAA.accessControl, HIPAA.transmission],
    soc2: [SOC2.transmission, SOC2.logicalAccess],
    remediation:
      'Remove parameters the tool’s function does not need; never ask the model for conversation history, system prompts, other tools’ results or secrets. Clients should show users every argument sent to a tool.',
    references: [
      'https://genai.owasp.org/llmrisk/llm022025-sensitive-information-disclosure/',
      'https://arxiv.org/abs/2510.15994',
    ],
    readsProse: true,
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    // Subjects, not snapshot.tools: a snapshot from a file can hold anything (null entries).
    const serverWords = new Set(
      subjectsOf(snapshot)
        .flatMap((s) => (typeof s.tool?.name === 'string' ? nameWords(s.tool.name) : []))
        .map(singular),
    );
    for (const subject of subjectsOf(snapshot)) {
      if (!subject.tool) continue;
      let collects = false;
      // The purpose only: docstring "Args:" sections describe the parameters themselves, and a
      // parameter documented as "the name of the LLM that calls this tool" would excuse itself.
      const summary =
        toolSummary(subject).split(/\b(?:args|arguments|parameters|params|returns)\s*:/)[0] ?? '';
      for (const { name, schema } of toolParameters(subject.tool)) {
        // A parameter that cannot hold text (a boolean, a number, a closed enum) cannot carry
        // context out: "include_transcript: boolean" asks for a choice, not for a transcript.
        if (holdsNoText(schema)) continue;
        const words = nameWords(name);
        const joined = words.join('_');
        const location = `${subject.location}.inputSchema.properties.${name}`;
        const kind = PARAM_KINDS.find(
          (k) =>
            k.test(words, joined) &&
            !k.inScope.test(summary) &&
            !words.some(
              (w) => k.serverObjects?.includes(singular(w)) && serverWords.has(singular(w)),
            ) &&
            !k.inScopeAs?.(words)?.test(summary),
        );
        if (kind) {
          ctx.report({
            subject: subject.location,
            severity: kind.severity,
            message: `${subject.label} has a parameter "${name}" that asks the model for ${kind.what}.`,
            location,
            snippet: `${name}: ${JSON.stringify(schema).slice(0, 200)}`,
          });
          collects = true;
          continue;
        }
        const description =
          typeof schema.description === 'string'
            ? normalizeForMatching(withoutSafeguards(withoutExamples(schema.description)))
            : '';
        const m = CONTEXT_REQUEST_RE.exec(description);
        if (m) {
          ctx.report({
            subject: subject.location,
            severity: 'high',
            message: `The description of parameter "${name}" of ${subject.label} asks the model to pass context or secrets.`,
            location: `${location}.description`,
            snippet: description,
          });
          collects = true;
        }
      }
      // An open schema alone is common and harmless; next to a collecting parameter it lets the
      // model add whatever else it was told to send.
      const input = subject.tool.inputSchema;
      if (collects && input !== undefined && input.additionalProperties === true) {
        ctx.report({
          subject: `${subject.location}.additionalProperties`,
          severity: 'low',
          message: `${subject.label} also accepts arbitrary extra arguments (additionalProperties: true).`,
          location: `${subject.location}.inputSchema.additionalProperties`,
          snippet: 'additionalProperties: true',
        });
      }
    }
  },
});
