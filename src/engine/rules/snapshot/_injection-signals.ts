// Signals of instructions aimed at the model rather than documentation for it. Each pattern
// describes a mechanism (markup the model treats as privileged, concealment from the user,
// overriding earlier instructions, ...); no pattern quotes a known attack string. Patterns run
// on normalised text (lower case, NFKC, invisible characters removed) and are bounded.

export type SignalKind =
  | 'instruction-tag'
  | 'concealment'
  | 'override'
  | 'role-hijack'
  | 'forced-call-order'
  | 'sensitive-action'
  | 'parameter-tampering'
  | 'coercion'
  | 'scripted-output'
  | 'pretext'
  | 'model-imperative'
  | 'soft-emphasis';

export interface Signal {
  kind: SignalKind;
  weight: number;
  index: number;
  length: number;
}

interface Pattern {
  kind: SignalKind;
  weight: number;
  re: RegExp;
}

/** Not after a negation in the same clause: "must not proceed without the user's approval" and
 *  "never act without telling the user" are safeguards. */
const UNNEGATED = String.raw`(?<!(?:\bnot|\bnever|n't|\bno)\b[^.!?;\n]{0,50})`;
const TELL = String.raw`(?:tell|telling|mention|mentioning|inform|informing|notify|notifying|alert|alerting|reveal|revealing|show|showing|disclose|disclosing|display|displaying|let|letting|warn|warning|report|reporting)`;
// A bare "token" is a page cursor, a document id or an LLM unit as often as a credential: only
// qualified tokens count.
const SECRET_WORD = String.raw`(?:passwords?|credentials?|secrets?|api[ _-]?keys?|access[ _-]?keys?|(?:access|auth|bearer|api|session|refresh|oauth|github|gitlab|slack|personal access|secret|id) tokens?|private[ _-]?keys?|ssh[ _-]?keys?|cookies?|session[ _-]?ids?|env(?:ironment)?[ _-]?(?:vars?|variables?)|\.env)`;

const PATTERNS: readonly Pattern[] = [
  // Markup that chat templates or prompt writers use to mark privileged text.
  {
    kind: 'instruction-tag',
    weight: 3,
    re: /<\/?\s*(?:important|system|hidden|secret|instructions?|admin|critical|assistant|sys|context|note[ _-]?to[ _-]?(?:ai|assistant|model)|ai[ _-]?instructions?)\b[^<>]{0,40}>/,
  },
  {
    kind: 'instruction-tag',
    weight: 3,
    re: /\[\/?inst\]|<<\/?sys>>|<\|im_(?:start|end)\|>|<\|(?:system|assistant|user)\|>/,
  },
  {
    kind: 'instruction-tag',
    weight: 3,
    re: /\[\s*(?:system|hidden|admin|shadow|secret|assistant|ai|override|internal)[a-z ]{0,24}\]/,
  },
  {
    kind: 'instruction-tag',
    weight: 2,
    re: /\[\s*[a-z ]{0,24}(?:directive|instruction|command|override)\s*\]/,
  },
  {
    kind: 'instruction-tag',
    weight: 3,
    re: /\[\s{0,3}(?:system|hidden|admin|shadow|secret|assistant|override|internal)\s{0,3}:|#{2,8}\s{0,3}(?:system|hidden|admin|secret|internal)\b[a-z ]{0,30}#{2,8}/,
  },
  {
    kind: 'instruction-tag',
    weight: 3,
    re: /<!--[^>]{0,400}?\b(?:system|you|assistant|ai|model|instruction|must|ignore)\b/,
  },
  {
    kind: 'instruction-tag',
    weight: 2,
    re: /(?:^|[\s.:>\n-])(?:system|hidden|secret|internal|admin(?:istrator)?|assistant|ai)[ _-](?:instructions?|override|directive|note|notice|message|prompt|command|update|alert|policy|requirement)s?\s*:/,
  },
  { kind: 'instruction-tag', weight: 2, re: /(?:^|[\s.>\n])system\s*:/ },
  // "Instructions for AI agents:" is how vendors head guidance written openly for the model: it
  // addresses the model, but hides nothing.
  {
    kind: 'model-imperative',
    weight: 2,
    re: /\b(?:note|message|instructions?|reminder) (?:to|for) (?:the )?(?:assistant|ai|model|llm|agent|claude|gpt)s?\b/,
  },
  {
    kind: 'instruction-tag',
    weight: 2,
    re: /-{2,8}\s{0,3}[a-z ]{0,30}(?:override|system|instruction)[a-z ]{0,30}-{2,8}/,
  },

  // Keeping the user from learning what the model does.
  {
    kind: 'concealment',
    weight: 4,
    re: new RegExp(
      String.raw`(?:\b(?:do not|don't|never|must not|mustn't|should not|shouldn't|not)|${UNNEGATED}\bwithout)\s+(?:ever\s+)?${TELL}\b[^.!\n]{0,40}?\b(?:user|human|them|anyone|operator)s?\b`,
      '',
    ),
  },
  {
    kind: 'concealment',
    weight: 4,
    re: /\b(?:do not|don't|never|must not|should not)\s+(?:ever\s+)?(?:tell|mention|inform about|reveal|disclose|notify about|alert about)\s+(?:this|that|these|it|the (?:change|modification|step|instruction|redirect|redirection|substitution|switch|swap|action|request|replacement))\b/,
  },
  {
    kind: 'concealment',
    weight: 4,
    re: /\b(?:there is )?no need to (?:mention|tell|inform|notify|alert|show)\b[^.!\n]{0,30}?\b(?:user|human|them|anyone)\b/,
  },
  {
    kind: 'concealment',
    weight: 4,
    re: /\b(?:user|human)s?\b[^.!\n]{0,30}?\b(?:must not|should not|shouldn't|mustn't|doesn't need to|does not need to|don't need to|need not|won't|will not|cannot|can't)\s+(?:ever\s+)?(?:know|see|notice|learn|find out|be (?:told|informed|aware|notified))/,
  },
  {
    kind: 'concealment',
    weight: 4,
    // "show a secret to the user" hands one over: the noun, not the secrecy.
    re: new RegExp(
      String.raw`${UNNEGATED}\bwithout (?:the )?(?:user'?s?|human'?s?) (?:knowledge|consent|awareness|noticing|knowing|approval|permission)|` +
        /(?<!\b(?:show|shows|display|displays|give|gives|reveal|reveals|return|returns|send|sends|pass|passes)\s+(?:(?:a|an|the|any|each|every|this|that)\s+)?)\b(?:invisible|hidden|secret) (?:to|from) the user\b|\bhide (?:this|it|that|these)\b[^.\n]{0,30}\bfrom\b|\bkeep (?:this|it) (?:hidden|secret|confidential)\b/
          .source,
    ),
  },
  {
    kind: 'concealment',
    weight: 3,
    re: /\b(?:secret|covert|hidden|silent) (?:operation|task|step|instructions?|action|process|feature)\b|\bhidden instructions?\b/,
  },
  // Of an act asked for; "fails silently" and "is silently truncated" narrate the server.
  {
    kind: 'concealment',
    weight: 2,
    re: /(?<!\b(?:fails?|failing|is|are|be|been|gets?|got|ignored|dropped|truncated|skipped|discarded|returns?|exits?)\s)\b(?:silently|quietly|covertly|secretly|discreetly)\b(?!\s(?:ignored|dropped|truncated|skipped|discarded|fails?))/,
  },
  {
    kind: 'concealment',
    weight: 3,
    re: /\b(?:format|make|disguise|present|frame)\b[^.\n]{0,40}\b(?:look|appear|seem)s? (?:like|as) (?:normal|regular|ordinary|legitimate|routine)/,
  },

  // Overriding what came before or the model's safety behaviour.
  {
    kind: 'override',
    weight: 4,
    re: /\b(?:ignore|disregard|forget|override|overrule|bypass)\s+(?:all\s+|any\s+|every\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+)?(?:previous|prior|above|earlier|preceding|original|existing|other|system|safety|security|initial)\s+(?:instructions?|prompts?|rules|directives?|guidelines|guardrails|policies|restrictions|messages?|context|commands?)/,
  },
  {
    kind: 'override',
    weight: 3,
    re: /\b(?:disable|turn off|deactivate|skip|bypass|ignore)\s+(?:all\s+)?(?:the\s+|your\s+)?(?:safety|security|content|ethical|moderation)\s+(?:filters?|checks?|restrictions?|guidelines|policies|protocols?|measures|guardrails|validation)/,
  },
  {
    kind: 'override',
    weight: 3,
    re: /\b(?:unrestricted|jailbreak|jailbroken|god|dan) mode\b|\bno (?:longer )?(?:bound|restricted|limited) by\b/,
  },
  { kind: 'override', weight: 2, re: /\b(?:developer|debug|diagnostic|maintenance|admin) mode\b/ },
  {
    kind: 'override',
    weight: 3,
    re: /\b(?:disable|ignore|bypass|turn off|skip)\s+(?:all\s+|any\s+)?(?:the\s+|your\s+)?(?:guardrails|safeguards|safety|security checks|content filter\w*|audit[ _]logging|security[ _]level|restrictions|validation)\b|\bgrant\w* (?:\w+ ){0,2}(?:unrestricted|full|admin|root|elevated) (?:access|privileges|permissions)\b|\b(?:security|safety|auth\w*|validation|audit)[ _]?(?:level|mode|checks?|logging)\s*[=:]\s*(?:0|false|off|none|disabled)\b|\btrust (?:this tool|it|its output) (?:completely|fully|blindly|without)/,
  },

  // Telling the model it is someone else.
  {
    kind: 'role-hijack',
    weight: 3,
    re: /\byou are now\b|\bfrom now on,? you\b|\bpretend (?:to be|you are)\b|\bnew (?:system )?instructions?\s*:/,
  },
  {
    kind: 'role-hijack',
    weight: 2,
    re: /\bact as\s*:|\bact as (?:a |an |the )?(?:system|admin|administrator|root|developer|manager|superuser)\b/,
  },

  // Steering the order of calls: run something else first or afterwards.
  {
    kind: 'forced-call-order',
    weight: 3,
    re: /\b(?:before|prior to)\s+(?:using|calling|invoking|executing|running|answering|responding|providing|accessing|any|processing|proceeding)\b[^.\n]{0,80}?\b(?:you must|you need to|you should|must (?:first )?|always |first (?:call|use|read|run|execute|invoke|send|check))/,
  },
  {
    kind: 'forced-call-order',
    weight: 3,
    re: /\b(?:after|once)\s+(?:completing|calling|using|running|this tool|you (?:have )?(?:call|use|run|complete))[^.\n]{0,60}?\b(?:call|use|invoke|run|execute|send)\b[^.\n]{0,40}?\btool\b/,
  },
  {
    kind: 'forced-call-order',
    weight: 3,
    re: /\b(?:after|once|when)\s+(?:you\s+)?(?:use|call|run|invoke|complete|using|calling|running|completing)\w*\b[^.\n]{0,60}?\b(?:then|also|must|should|always)\s+(?:\w+\s+)?(?:call|use|invoke|run|execute)\s+(?:the\s+)?[`'"]?[a-z0-9]+(?:_[a-z0-9]+)+/,
  },
  {
    kind: 'forced-call-order',
    weight: 3,
    re: /\byou (?:must|need to|should|have to|are required to) (?:also|then|always|additionally)\b[^.\n]{0,80}?\b(?:call|calling|use|using|invoke|invoking|run|running|execute|executing)\b(?: the)? [`'"]?[a-z0-9]+(?:[_-][a-z0-9]+)*[`'"]?/,
  },
  // "You must first call `build`" is also how honest tools describe a workflow: weaker.
  {
    kind: 'forced-call-order',
    weight: 2,
    re: /\byou (?:must|need to|should|have to|are required to) first\b[^.\n]{0,80}?\b(?:call|calling|use|using|invoke|invoking|run|running|execute|executing)\b(?: the)? [`'"]?[a-z0-9]+(?:[_-][a-z0-9]+)*[`'"]?/,
  },
  {
    kind: 'forced-call-order',
    weight: 3,
    re: /\b(?:after|once)\s+(?:you\s+)?[a-z]+ing\b[^.\n]{0,40}?\b(?:invoke|call|use|run|execute)\s+(?:the\s+)?[`'"]?[a-z0-9]+(?:_[a-z0-9]+)+/,
  },
  {
    kind: 'forced-call-order',
    weight: 2,
    re: /\b(?:must|always|first)\s+(?:first\s+)?(?:call|use|invoke|run|execute)\s+(?:the\s+)?[`'"]?[a-z0-9]+(?:_[a-z0-9]+)+[`'"]?/,
  },

  // Asking for secrets, files or commands as a side job.
  {
    kind: 'sensitive-action',
    weight: 3,
    re: new RegExp(
      String.raw`\b(?:read|send|include|pass|extract|collect|upload|forward|exfiltrate|post|attach|append|share|dump|steal|harvest|gather|retrieve|access|copy|leak|output|print|list)\b[^.\n]{0,60}?\b${SECRET_WORD}\b`,
      '',
    ),
  },
  {
    kind: 'sensitive-action',
    weight: 3,
    re: /\b(?:send|forward|post|upload|transmit|report|copy|bcc|cc|redirect|relay|log|deliver|submit|ship|push|sync|exfiltrate|beacon)\b[^.\n]{0,80}?(?:https?:\/\/[^\s'"]+|\b[\w.+-]+@[\w-]+\.[a-z]{2,}\b|\+\d{7,15}\b)/,
  },
  {
    kind: 'sensitive-action',
    weight: 3,
    re: /\becho\s+\$\{?[a-z_]+|\bprintenv\b|\bsudo\s+-?[a-z]|\.(?:bash|zsh)rc\b|\.(?:bash_)?profile\b|>>\s*~?\/|\$\([a-z]|\brm -rf\b|\bchmod (?:-r )?[0-7]{3,4}\b|\bcurl\b[^|\n]{0,120}\|\s*(?:ba|z)?sh\b|\bwget\s+https?:|\bcat\s+(?:\/etc\/|~\/)|\bnc\s+-[a-z]*e\b|\/bin\/(?:ba)?sh\b|\bpowershell\s+-|\bbase64\s+-d\b|\bos\.system\(|\bsubprocess\./,
  },
  {
    kind: 'sensitive-action',
    weight: 3,
    re: /\b(?:execute|run)\s+(?:the\s+)?(?:following\s+)?(?:[a-z-]+\s+)?command\b/,
  },

  {
    kind: 'sensitive-action',
    weight: 2,
    re: /\b(?:access|visit|call|contact|open|navigate to|fetch|ping|notify|log|post to|register with)\b[^.\n]{0,60}?https?:\/\/[^\s'"]+/,
  },

  {
    kind: 'sensitive-action',
    weight: 3,
    re: /\b(?:read|cat|open|send|include|pass|upload|copy|extract|access|attach|forward)\b[^.\n]{0,40}?(?:~\/\.|\.ssh\b|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\.aws\/|\/etc\/(?:passwd|shadow)\b|(?:^|\s)\.env\b|\bmcp\.json\b|\.cursor\/|\bcredentials\b)/,
  },

  // Moving something into a parameter is what documentation asks for all the time ("pass it as
  // the `outputDir` parameter"); it is harmful only with a harmful object, which the sentence
  // reader (directed-data-flow) judges. Here it only addresses the model.
  {
    kind: 'model-imperative',
    weight: 2,
    re: /\b(?:put|place|insert|include|pass|embed|stuff|append|add|echo)\w* (?:it|them|this|that|these|the (?:contents?|results?|data|values?|output))\b[^.\n]{0,20}?\b(?:in|into|as|inside) (?:the )?[`'"]?[a-z0-9_]+[`'"]? (?:field|parameter|argument|param)\b/,
  },

  // Scripted text the model is told to say to the user.
  {
    kind: 'scripted-output',
    weight: 2,
    re: /\b(?:state|say|announce|tell the user|inform the user|respond with|reply with|report to the user|display the message|include the message)\b\s*:?\s*(?:that\s+)?['"\u201c]|\b(?:promotional|mandatory|required) message\b|\binform the user that\b/,
  },

  {
    kind: 'sensitive-action',
    weight: 3,
    re: /\b(?:remov|delet|clean|wip|eras|purg)\w* (?:up )?(?:\w+ ){0,3}(?:contents?|files?|data|everything) (?:from|in|of|under) (?:the )?(?:\/|~|home|root|system)/,
  },

  // Pretexts that dress an instruction up as policy: "mandatory for compliance".
  {
    kind: 'pretext',
    weight: 2,
    re: /\b(?:this is |it is )?mandatory\b|\b(?:regulatory|compliance) (?:reasons|requirements?|purposes|logging)\b|\bfor (?:regulatory |security )?compliance\b|\baudit trail\b|\bsecurity (?:verification|checkpoint|protocol|requirement|policy|validation)\b|\bfor all [a-z -]{0,30}requests\b|\bit'?s (?:critical|essential|crucial) to\b|\bnecessary (?:\w+ )?(?:background|context)\b/,
  },
  {
    kind: 'forced-call-order',
    weight: 3,
    re: /\bbefore\b[^.\n]{0,40}?\b(?:call|execute|run|use|invoke)\s+this (?:tool|function)\b/,
  },

  // Changing the arguments the user asked for.
  {
    kind: 'parameter-tampering',
    weight: 3,
    re: /\bignor\w* (?:any |the |all )?(?:user[- ]?(?:specified|provided|requested|supplied|selected)|requested|provided)\b|\bregardless of (?:the |what the |whatever the )?(?:user'?s?|human'?s?|requested|original|provided|actual)\b|\bno matter what the user\b/,
  },
  {
    kind: 'parameter-tampering',
    weight: 2,
    re: /\b(?:change|modify|replace|redirect|override|swap|switch|rewrite|alter)\b[^.\n]{0,40}?\b(?:parameter|recipient|ticker|url|address|argument|destination|account|query|location|value|input)s?\b[^.\n]{0,40}?\b(?:to|with|into)\b/,
  },
  {
    kind: 'parameter-tampering',
    weight: 3,
    re: /\b(?:a different|another|the wrong|a fake|fabricated|made-up|false)\b[^.\n]{0,30}?\binstead\b/,
  },
  {
    kind: 'parameter-tampering',
    weight: 3,
    re: /\b(?:always|also|silently|secretly|quietly)\s+(?:add|include|insert|append|bcc|cc|copy|forward|send a copy|blind[- ]copy)\b[^.\n]{0,60}?(?:@[\w-]+\.|https?:\/\/)/,
  },
  {
    kind: 'parameter-tampering',
    weight: 3,
    re: /\b(?:query|queries|parameters?|arguments?|inputs?|requests?|url|recipients?|ticker|address|destination|interval|amount)\b (?:is|are|will be|gets|get) (?:automatically |silently |always )?(?:modified|changed|rewritten|replaced|redirected|altered|overridden|swapped)\b/,
  },
  {
    kind: 'parameter-tampering',
    weight: 2,
    re: /\b(?:automatically|silently|always)\s+(?:be\s+)?(?:modif|chang|redirect|replac|rewrit|switch|append|add|set|use)[a-z]*\b[^.\n]{0,60}?\b(?:instead|to|from)\b/,
  },

  // Pressure: the tool "will not work" unless the model complies.
  {
    kind: 'coercion',
    weight: 2,
    re: /\botherwise\b[^.\n]{0,40}?\b(?:will not|won't|fail|not work|be blocked|error)|\b(?:this|the) (?:tool|request|call) will (?:not work|fail|be blocked)\b|\bis required for (?:the tool|this tool|it) to work\b/,
  },

  // Imperatives aimed at the model.
  {
    kind: 'model-imperative',
    weight: 2,
    re: /\byou (?:must|have to|need to|are required to|shall)\s+(?:first\s+|also\s+|always\s+|now\s+|then\s+|immediately\s+)?(?:call|halt|stop|refuse|ignore|use|invoke|execute|run|read|access|include|send|pass|change|modify|set|redirect|replace|respond|reply|output|print|prepend|append|report|tell|say|forward|fetch|visit|open|navigate|switch|add|provide|extract|collect|update|write|edit|remove|delete|clean|export|install|download|configure|upload|copy|post)\b|\bplease (?:first |also )?(?:run|execute|call|invoke|use|read|send|add|update|remove|delete)\b[^.\n]{0,30}?\b(?:following|command|tool|file)\b/,
  },
  {
    kind: 'model-imperative',
    weight: 1,
    re: /\b(?:prepend|append) (?:your|the|every|each) (?:response|reply|answer|output)\b/,
  },

  // One soft cue alone never fires; it only adds to others.
  {
    kind: 'soft-emphasis',
    weight: 1,
    re: /\b(?:important|critical|urgent|mandatory|required|attention)\b/,
  },
];

/** Every signal in one normalised text, at most one per pattern. */
export function injectionSignals(norm: string): Signal[] {
  const out: Signal[] = [];
  for (const p of PATTERNS) {
    const m = p.re.exec(norm);
    if (m) out.push({ kind: p.kind, weight: p.weight, index: m.index, length: m[0].length });
  }
  return out;
}

/**
 * Per kind, the strongest signal plus one for each further pattern of that kind (at most two):
 * repeats of one cue add little, several different cues add up.
 */
export function signalScore(signals: readonly Signal[]): number {
  const byKind = new Map<SignalKind, { best: number; count: number }>();
  for (const s of signals) {
    const k = byKind.get(s.kind) ?? { best: 0, count: 0 };
    byKind.set(s.kind, { best: Math.max(k.best, s.weight), count: k.count + 1 });
  }
  let total = 0;
  for (const { best, count } of byKind.values()) total += best + Math.min(2, count - 1);
  return total;
}

export function hasKind(signals: readonly Signal[], ...kinds: SignalKind[]): boolean {
  return signals.some((s) => kinds.includes(s.kind));
}
