import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { redactSecrets } from '../../secrets.js';

// npm runs lifecycle scripts on `npm install` with the installing user's rights, before anyone has
// run the package. Scripts that download and execute, evaluate inline code or decode payloads are
// the common shape of install-time malware. Ordinary build steps (`tsc`, `node-gyp rebuild`,
// `husky`) are not reported.

const INSTALL_HOOKS = [
  'preinstall',
  'install',
  'postinstall',
  'prepare',
  'preprepare',
  'postprepare',
  'prepublish',
];

const PATTERNS: [RegExp, string][] = [
  [
    /\b(?:curl|wget)\b[^|;&]{0,300}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b/i,
    'pipes a download into a shell',
  ],
  [/\b(?:curl|wget|iwr|invoke-webrequest)\b/i, 'downloads from the network'],
  [/\bnode\s+(?:-e|--eval|-p|--print)\b/, 'evaluates inline JavaScript'],
  [/\bpython[\d.]*\s+-c\b/, 'evaluates inline Python'],
  [/\b(?:ba|z)?sh\s+-c\b/, 'runs a shell string'],
  [/\beval\b|\bnew Function\b/, 'evaluates code'],
  [/\bbase64\b|\batob\s*\(|Buffer\.from\([^)]{0,100}base64/i, 'decodes an encoded payload'],
  [/\b(?:iex|invoke-expression|downloadstring)\b/i, 'runs PowerShell download-and-execute'],
  [/https?:\/\/(?!registry\.npmjs\.org)[^\s'"]+/i, 'contacts a URL'],
  [/\/dev\/tcp\/|\bnc\s+-e\b|\bncat\b/, 'opens a raw network connection'],
  [
    /~\/\.ssh|\.npmrc|\.aws\/credentials|\$(?:NPM_TOKEN|GITHUB_TOKEN|AWS_SECRET)/i,
    'touches credentials',
  ],
];

export default defineRule({
  meta: {
    id: 'dependency-install-script',
    idPrefix: 'DI',
    title: 'Install script downloads or executes code',
    description:
      "Finds package.json lifecycle scripts (preinstall, install, postinstall, prepare) that download, evaluate inline code, decode payloads, contact URLs or touch credentials. These run automatically on `npm install` with the user's rights, before the package is ever used: the usual delivery route of npm malware.",
    target: 'dependencies',
    owasp: 'LLM03',
    owaspMcp: 'MCP04',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-506',
    hipaa: [HIPAA.malware],
    soc2: [SOC2.malware, SOC2.changeManagement],
    remediation:
      'Remove the behaviour from install hooks: ship built files instead of fetching them, and keep network access out of lifecycle scripts. Install third-party packages with `--ignore-scripts` until reviewed.',
    references: [
      'https://docs.npmjs.com/cli/using-npm/scripts#life-cycle-scripts',
      'https://blog.npmjs.org/post/141702881055/package-install-scripts-vulnerability',
    ],
  },
  check(input, ctx) {
    for (const hook of INSTALL_HOOKS) {
      const script = input.scripts[hook];
      if (!script) continue;
      const reasons = PATTERNS.filter(([re]) => re.test(script.slice(0, 4096))).map(
        ([, why]) => why,
      );
      if (reasons.length === 0) continue;
      const pipesToShell = reasons.includes('pipes a download into a shell');
      ctx.report({
        message: `The "${hook}" script runs on every install and ${reasons.slice(0, 3).join(', ')}.`,
        location: `${input.path} scripts.${hook}`,
        snippet: redactSecrets(`${hook}: ${script}`),
        subject: hook,
        severity: pipesToShell || reasons.length >= 2 ? 'critical' : 'high',
        file: input.path,
      });
    }
  },
});
