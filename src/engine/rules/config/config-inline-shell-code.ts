import { defineRule } from '../define-rule.js';
import { commandTokens, programName } from '../../inputs/config/launchers.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { commandLine, entryPlace } from './_support.js';

// A server command that pipes a download into a shell, or evaluates a string, runs code nobody
// reviewed and that can change on the remote side at any time. `bash -c` and inline interpreters
// are judged by what the inline code does: a fixed snippet that only starts a local program is no
// worse than a script file, but one that fetches, decodes or evaluates code is.

const DOWNLOAD_TO_SHELL_RE =
  /\b(?:curl|wget|fetch|iwr|invoke-webrequest|irm|invoke-restmethod)\b[^|]{0,500}\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b|\b(?:curl|wget)\b[^|]{0,500}\|\s*(?:python[\d.]*|node|perl|ruby|php)\b/i;
const POWERSHELL_EVAL_RE =
  /\b(?:iex|invoke-expression)\b|downloadstring\s*\(|downloadfile\s*\(|-enc(?:odedcommand)?\s+[A-Za-z0-9+/=]{20,}/i;
const EVAL_RE =
  /\b(?:eval|exec|execSync|spawn|child_process|subprocess|os\.system|os\.popen|__import__|compile)\b|\bbase64\b.{0,40}(?:decode|-d\b)|\b(?:atob|Buffer\.from)\s*\(|\burllib\b|\brequests\.get\b|\bhttps?\.get\b|\bfetch\s*\(|\b(?:curl|wget)\b|\/dev\/tcp\//i;

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish']);
const INTERPRETERS: Record<string, string> = {
  python: '-c',
  python3: '-c',
  node: '-e',
  nodejs: '-e',
  deno: 'eval',
  perl: '-e',
  ruby: '-e',
  php: '-r',
};
const POWERSHELLS = new Set(['powershell', 'pwsh']);

interface InlineCode {
  runner: string;
  code: string;
}

/** The inline code a command line evaluates, if any. */
function inlineCode(tokens: string[]): InlineCode | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const program = programName(tokens[i]!);
    const next = tokens.slice(i + 1);
    if (SHELLS.has(program)) {
      const flagAt = next.findIndex((t) => /^-[a-z]*c[a-z]*$/.test(t));
      if (flagAt !== -1) return { runner: `${program} -c`, code: next.slice(flagAt + 1).join(' ') };
    }
    const flag = INTERPRETERS[program.replace(/[\d.]+$/, '')] ?? INTERPRETERS[program];
    if (flag) {
      const flagAt = next.findIndex(
        (t) => t === flag || t === '--eval' || t === '--print' || t === '-p',
      );
      if (flagAt !== -1)
        return { runner: `${program} ${next[flagAt]}`, code: next.slice(flagAt + 1).join(' ') };
    }
    if (POWERSHELLS.has(program)) {
      const flagAt = next.findIndex((t) => /^-(?:c|command|e|enc|encodedcommand)$/i.test(t));
      if (flagAt !== -1)
        return { runner: `${program} ${next[flagAt]}`, code: next.slice(flagAt).join(' ') };
    }
  }
  return undefined;
}

export default defineRule({
  meta: {
    id: 'config-inline-shell-code',
    idPrefix: 'SH',
    title: 'MCP server command runs downloaded or inline code',
    description:
      'Finds server commands that pipe a download into a shell (`curl … | sh`), run PowerShell download-and-execute (`iex`, `DownloadString`), or pass inline code to a shell or interpreter (`bash -c`, `python -c`, `node -e`) that fetches, decodes or evaluates further code. Such a server runs code that was never reviewed and can change remotely at any launch.',
    target: 'config',
    owasp: 'LLM03',
    owaspMcp: 'MCP05',
    severity: 'high',
    confidence: 'high',
    cwe: 'CWE-494',
    hipaa: [HIPAA.integrity, HIPAA.malware],
    soc2: [SOC2.malware, SOC2.changeManagement],
    remediation:
      'Install the server as a pinned package or a reviewed local script and run that directly. Never pipe downloads into a shell or evaluate strings in a client config.',
    references: ['https://cwe.mitre.org/data/definitions/494.html'],
    // The downloaded script can change at every launch.
    monitorCandidate: true,
  },
  check(input, ctx) {
    for (const entry of input.servers) {
      const tokens = commandTokens(entry);
      const whole = tokens.join(' ');
      const place = entryPlace(input, entry, 'command');
      const subject = entry.location;
      if (DOWNLOAD_TO_SHELL_RE.test(whole)) {
        ctx.report({
          message: `Server "${entry.name}" pipes a download straight into a shell or interpreter.`,
          ...place,
          snippet: commandLine(entry),
          subject,
          file: input.path,
        });
        continue;
      }
      const inline = inlineCode(tokens);
      if (!inline) continue;
      const isPowerShell = POWERSHELLS.has(inline.runner.split(' ')[0]!);
      if ((isPowerShell && POWERSHELL_EVAL_RE.test(inline.code)) || EVAL_RE.test(inline.code)) {
        ctx.report({
          message: `Server "${entry.name}" passes inline code to ${inline.runner} that fetches, decodes or evaluates more code.`,
          ...place,
          snippet: commandLine(entry),
          subject,
          file: input.path,
        });
      } else if (inline.runner.endsWith('-c') && SHELLS.has(inline.runner.split(' ')[0]!)) {
        // A shell string is re-parsed at launch: quoting mistakes and `$VAR` expansion become
        // command injection if any part of it is ever templated.
        ctx.report({
          message: `Server "${entry.name}" is started through a shell string (${inline.runner}); the command is re-parsed by the shell at every launch.`,
          ...place,
          snippet: commandLine(entry),
          subject,
          severity: 'low',
          confidence: 'medium',
          file: input.path,
        });
      }
    }
  },
});
