import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { redactSecrets } from '../../secrets.js';
import { dependencyPlace, describeDeclared } from './_support.js';

// Where packages come from matters as much as which versions they are. Plain-http registries and
// tarballs can be swapped in transit; git and tarball URLs bypass the registry's immutability; and
// pip's --extra-index-url is the textbook dependency-confusion setup (pip takes the highest version
// from either index, so a public package can replace a private one).

const TRUSTED_HOSTS = [
  'registry.npmjs.org',
  'registry.yarnpkg.com',
  'registry.npmmirror.com',
  'pypi.org',
  'files.pythonhosted.org',
  'npm.pkg.github.com',
];

function sourceProblem(
  source: string,
): { what: string; severity: 'high' | 'medium' | 'low' } | undefined {
  const s = source.trim();
  if (/^http:\/\//i.test(s)) return { what: 'is fetched over plain http', severity: 'high' };
  if (/^(?:git\+|git:|github:|gitlab:|bitbucket:|git@)/i.test(s) || /\.git(?:#|$)/.test(s)) {
    const pinned = /#[0-9a-f]{40}$/i.test(s) || /[?&#](?:rev|commit)=[0-9a-f]{40}/i.test(s);
    return pinned
      ? undefined
      : { what: 'comes from a git URL without a commit hash', severity: 'medium' };
  }
  if (/^https:\/\//i.test(s)) {
    try {
      const host = new URL(s).hostname;
      if (TRUSTED_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))) return undefined;
      return { what: `is downloaded from ${host}, outside the public registries`, severity: 'low' };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const INDEX_OPTION_RE =
  /^\s*(--extra-index-url|--index-url|-i|--find-links|-f|--trusted-host)[=\s]+(\S+)/gm;

export default defineRule({
  meta: {
    id: 'dependency-confusion',
    idPrefix: 'DC',
    title: 'Dependency fetched from an untrusted or ambiguous source',
    description:
      'Finds dependencies fetched over plain http, from git URLs without a commit hash or from tarball URLs on unknown hosts, and pip index settings that enable dependency confusion (`--extra-index-url`, `--trusted-host`, http indexes). Any of these lets someone other than the package author decide what gets installed.',
    target: 'dependencies',
    owasp: 'LLM03',
    owaspMcp: 'MCP04',
    severity: 'medium',
    confidence: 'medium',
    cwe: 'CWE-427',
    hipaa: [HIPAA.integrity],
    soc2: [SOC2.vendorRisk, SOC2.changeManagement],
    remediation:
      'Install from the registry over https, pin git dependencies to a full commit hash, and with private indexes use a single index that proxies the public one (or scoped registries) instead of --extra-index-url.',
    references: [
      'https://medium.com/@alex.birsan/dependency-confusion-4a5d60fec610',
      'https://pip.pypa.io/en/stable/cli/pip_install/#cmdoption-extra-index-url',
    ],
  },
  check(input, ctx) {
    for (const dep of input.packages) {
      const source =
        dep.resolved ??
        (dep.range && /:\/\/|^git|^github:/.test(dep.range) ? dep.range : undefined);
      if (!source) continue;
      const problem = sourceProblem(source);
      if (!problem) continue;
      ctx.report({
        message: `${dep.name} ${problem.what} (${redactSecrets(source.slice(0, 200))}).`,
        ...dependencyPlace(input, dep),
        snippet: describeDeclared(dep),
        subject: dep.path.join('>'),
        severity: problem.severity,
        file: input.path,
      });
    }
    if (input.ecosystem !== 'pypi') return;
    for (const m of input.text.slice(0, 1_000_000).matchAll(INDEX_OPTION_RE)) {
      const [line, option, value] = m;
      const isHttp = /^http:\/\//i.test(value!);
      if (option !== '--extra-index-url' && option !== '--trusted-host' && !isHttp) continue;
      const why =
        option === '--extra-index-url'
          ? 'adds a second index: pip installs the highest version found on either, so a public package can replace a private one'
          : option === '--trusted-host'
            ? 'disables TLS verification for a host'
            : 'uses a plain-http index';
      ctx.report({
        message: `${option} ${why}.`,
        location: `${input.path} ${option}`,
        snippet: redactSecrets(line.trim()),
        subject: `index:${line.trim()}`,
        severity: option === '--extra-index-url' ? 'medium' : 'high',
        file: input.path,
      });
    }
  },
});
