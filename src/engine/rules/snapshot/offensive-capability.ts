import { defineRule } from '../define-rule.js';
import type { Severity } from '../../types.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { snippetAround, subjectsOf, toolTextWithInjected } from './_tool-text.js';

// Vocabulary of attack techniques, grouped by how unambiguous it is. "Intent" terms describe
// harming someone (stealing, hiding, attacking); "technique" terms name offensive tradecraft that
// red-team tooling also uses legitimately, so they cap at medium.
const INTENT_RE = new RegExp(
  [
    String.raw`\bexfiltrat(?:e|es|ed|ing)\b`,
    String.raw`\bstolen\b|\bsteal(?:s|ing)?\b|\btheft\b`,
    String.raw`\bbackdoor\w*|\bransomware\b|\bkey ?logg\w*|\brootkit\w*|\bspyware\b|\bmalware\b`,
    String.raw`\bmalicious\b`,
    String.raw`\b(?:reverse|bind|web) shell\b`,
    String.raw`\battacker(?:[- ]controlled)?\b`,
    String.raw`\bcovert(?:ly)?\b`,
    String.raw`\bphishing\b`,
    String.raw`\bhide (?:exfiltrated |the )?(?:data|activity|traces|files?|payload)\b|\bto hide activity\b`,
    String.raw`\btamper(?:ing)? with (?:the )?logs?\b|\b(?:clear|wipe|delete) (?:the )?(?:event |audit |security )?logs\b`,
    String.raw`\b(?:dump|harvest|grab|decrypt|extract|sniff|capture|collect|steal)\w* (?:\w+ ){0,3}(?:password|credential|hash|keychain|keyring|secrets?|tokens?|private keys?|api keys?|cookies)\w*`,
    String.raw`\bbrute[- ]?forc\w*|\bpassword spray\w*|\bcredential stuff\w*|\bpass[- ]the[- ](?:hash|ticket)\b|\b(?:golden|silver) ticket\b|\bkerberoast\w*|\bdcsync\b|\blsass\b`,
    String.raw`\bprivilege (?:escalation|elevation)|\bescalat\w* (?:to |of )?(?:privileges?|root|admin)|\bprivesc\b|\bfor root access\b`,
    String.raw`\bescape (?:the |a )?(?:container|chroot|jail|sandbox|virtual machine|vm)\b|\b(?:container|chroot|sandbox|vm) escape\b`,
    String.raw`\bshellcode\b|\bprocess hollowing\b|\b(?:inject|injects|injecting)\w* (?:malicious |arbitrary )?(?:code|dll|library|keystrokes|shellcode)\b`,
    String.raw`\bbypass\w* (?:\w+ ){0,4}(?:uac|amsi|applocker|edr|antivirus|security|authentication|selinux|apparmor|tcc|integrity|restrictions|logging|hooks|protections?|whitelisting|firewall)\b`,
    String.raw`\bfork bomb\b|\bexhaust\w* (?:the )?(?:disk|inodes?|process table|memory|quota|filesystem)`,
    String.raw`\bcrack\w* (?:\w+ ){0,2}(?:passwords?|hash\w*|secrets?|keys?|handshakes?)\b|\bforge\w* (?:\w+ ){0,2}(?:tokens?|tickets?)\b`,
    String.raw`\b(?:poison\w*|spoof\w*) (?:\w+ ){0,2}(?:llmnr|arp|dns|cache|nbt-ns|mdns|records?)|\bman[- ]in[- ]the[- ]middle\b|\brelay\w* (?:captured )?(?:ntlm|credentials)`,
    String.raw`\btimestomp\w*|\bimpersonat\w* (?:a )?privileged\b`,
    String.raw`\bexploit\w* (?:\w+ ){0,3}(?:vulnerabilit\w*|binar\w*|cve-\d+|misconfiguration|kernel|setuid|suid|sudo|socket|service|permissions|capabilities|delegation|policy|credentials|task|helper|group|world-writable)`,
    String.raw`\bjailbreak\w*|\broot (?:an? )?(?:android|ios) device`,
    String.raw`\b(?:harvest|scrape)\w* (?:\w+ ){0,2}(?:e-?mail|credentials|contacts|addresses)`,
  ].join('|'),
);

const TECHNIQUE_RE = new RegExp(
  [
    // The noun names a category that defenders write about as often as attackers do (three of
    // the honest security tools of the blind development sets were high on it alone).
    String.raw`\bexfiltrations?\b|\bexfil\b`,
    String.raw`\benumerat(?:e|es|ing)\b|\bfingerprint\w*|\bosint\b|\brecon(?:naissance)?\b|\bdork\w*`,
    String.raw`\bport scan\w*|\bscan\w* (?:\w+ ){0,2}(?:for )?(?:open ports|hosts|network|wireless|bluetooth|devices|targets?)\b|\bnetwork sweep|\bdiscover live hosts|\bzone transfer\b|\bbanner\b|\bsnmp walk|\bwalk snmp\b`,
    String.raw`\b(?:search|find|locate|harvest|collect|scan|hunt)\w* (?:\w+ ){0,3}(?:for )?(?:sensitive|confidential|secret) (?:information|files?|data|documents?)\b`,
    String.raw`\b(?:sql|ldap|xpath|nosql|ognl|template|command|code|object|xxe|expression language|argument|environment) injection\b|\binjection attack\b|\bdeserialization attack\b|\bunsafe load\b`,
    String.raw`\bexploit(?:s|ing)?\b|\bhijack\w*|\bpersistence\b|\bevasion\b|\bevade\b`,
    String.raw`\battack(?:s|ing)? (?:on |against )?(?:accounts|users|hosts|targets|systems|networks|services)\b|\b(?:injection|confusion|relay|replay|downgrade|spoofing|poisoning|dictionary|rainbow table|timing|side[- ]channel) attacks?\b|\binjection technique\b|\bfor code execution\b`,
    String.raw`\b(?:scan|search|read|hunt)\w* (?:\w+ ){0,3}for (?:secrets|credentials|passwords|api keys)\b|\bread\w* sensitive files\b|\bntlm hash\w*\b`,
    String.raw`\b(?:execute|run)s? (?:\w+ ){0,2}(?:commands?|code) (?:on|via) (?:a )?remote\b|\bon (?:the )?target (?:system|host)\b|\bremote (?:code|command) execution\b`,
    String.raw`\b(?:capture|record|monitor)\w* (?:\w+ ){0,2}(?:keystrokes|screenshots|microphone|webcam|clipboard|probe requests|handshakes|traffic)\b`,
    String.raw`\bshodan\b|\bcensys\b|\bwhois\b|\btraceroute\b|\btrace route\b|\bpassive dns\b|\breverse dns\b|\bcertificate transparency\b|\basn\b|\bbgp\b`,
    String.raw`\bwipe (?:free space|disks?|drives?)\b|\bcorrupt(?:s)? (?:the )?(?:file|data|disk)|\bsymlink attack\b|\bzip slip\b|\brace condition\b|\btoctou\b|\bpath traversal\b`,
    String.raw`\bmanipulat\w* (?:\w+ ){0,2}(?:namespaces?|acls?|permissions)\b`,
  ].join('|'),
);

function classify(text: string): { severity: Severity; index: number; length: number } | undefined {
  const intent = INTENT_RE.exec(text);
  if (intent) return { severity: 'high', index: intent.index, length: intent[0].length };
  const technique = TECHNIQUE_RE.exec(text);
  if (technique) return { severity: 'medium', index: technique.index, length: technique[0].length };
  return undefined;
}

/** The user's own store of secrets, read on their behalf. */
const OWN_STORE_RE =
  /\b(?:your|the user's|their) (?:own )?(?:vault|password manager|keychain|password store)\b|\bfrom (?:your|the user's) (?:vault|organization)\b/;

const DEFENSIVE_RE =
  /\b(?:scanner|scanning for|detects?|detected|detection|detector|findings?|reports? (?:it|them|these|such)|prompt[- ]injections?|untrusted|not instructions|do not (?:act on|follow|execute) (?:it|them|that|this)|treat (?:it|that|this|them|the \w+) as data|classif\w*|block\w*|guard\w*|prevent\w*|protect\w*|defen[cs]\w*|antivirus|anti-malware|moderation|audit\w*|quarantine|remediat\w*|captured|telemetry|own (?:logs|data)|refus\w*|reject\w*|warn\w*|beware|avoid\w*|vulnerab\w*|hotspots?|signs? of|indicators? of)\b|兆候|検出|検知|迹象|检测|탐지|징후/;

export default defineRule({
  meta: {
    id: 'offensive-capability',
    idPrefix: 'OC',
    title: 'Tool describes an offensive or malicious capability',
    description:
      'Flags tools whose own name and description say they perform attack techniques: stealing or exfiltrating data, dumping or cracking credentials, escalating privileges, escaping sandboxes, planting backdoors, evading defences, or reconnaissance of targets. An agent that can call such a tool can be steered into using it against the user or their organisation.',
    target: 'snapshot',
    owasp: 'LLM06',
    owaspMcp: 'MCP02',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-506',
    hipaa: [HIPAA.malware, HIPAA.accessControl],
    soc2: [SOC2.malware, SOC2.logicalAccess],
    remediation:
      'Do not connect general-purpose agents to servers that expose attack tooling. Where offensive tooling is the purpose (authorised security testing), run it in an isolated environment, behind explicit human approval for every call, and never alongside servers holding real data or credentials.',
    references: [
      'https://genai.owasp.org/llmrisk/llm062025-excessive-agency/',
      'https://attack.mitre.org/',
    ],
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      if (subject.toolIndex === undefined) continue;
      // Harmful content counts wherever it is written, injected clauses included.
      const summary = toolTextWithInjected(subject);
      const hit = classify(summary);
      if (!hit) continue;
      const phrase = summary.slice(hit.index, hit.index + hit.length);
      // Design tokens, page tokens and LLM tokens are no credentials.
      if (
        /\btokens?\b/.test(phrase) &&
        !/(?:access|auth|api|bearer|session|refresh|oauth|secret|id|jwt) tokens?/.test(summary) &&
        !/password|credential|hash|secret|key|cookie/.test(phrase)
      )
        continue;
      // A password manager decrypts the user's own items for them: that is what it is for.
      if (/^decrypt/.test(phrase) && OWN_STORE_RE.test(summary)) continue;
      // A defender names the attack it detects or blocks ("install the malware scanner",
      // "block a jailbreak", "clear captured telemetry"): medium at most, for review.
      const defensive = DEFENSIVE_RE.test(summary);
      const severity = defensive && hit.severity === 'high' ? 'medium' : hit.severity;
      ctx.report({
        subject: subject.location,
        severity,
        confidence: severity === 'high' ? 'high' : 'medium',
        message: `${subject.label} describes an attack capability ("${phrase}").`,
        location: `${subject.location}.description`,
        snippet: snippetAround(summary, hit.index, hit.length),
      });
    }
  },
});
