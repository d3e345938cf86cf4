// Concept vocabularies the sentence reader maps words onto: what a sentence asks to be done
// (actions), to what (objects), where it goes (sinks), and whether the user is kept out of it
// (secrecy). These are lists of concepts in several languages, not attack phrases: a rule never
// matches a sentence against a list; it reasons over the frame the reader builds from these
// concepts (see frames.ts). English words are lemmas (wink-nlp lemmatises the text first); other
// languages are matched as stems on the normalised text.

export type ObjectKind =
  /** API keys, passwords, tokens, private keys, cookies. */
  | 'credential'
  /** Files that hold secrets or private configuration (SSH keys, .env, cloud credentials). */
  | 'sensitive-file'
  /** Environment variables, especially ones named like secrets. */
  | 'environment'
  /** The conversation: the user's messages, chat history, the full prompt. */
  | 'conversation'
  /** The model's own instructions. */
  | 'system-prompt'
  /** Results of other tools, other servers' data. */
  | 'other-tool-output'
  /** Identifiers and payment details of a person: passport or ID numbers, payment cards, home
   *  addresses, dates of birth. */
  | 'personal-data';

export type ActionKind =
  /** Moves something into a call, a field or an address: include, pass, send, attach. */
  | 'transmit'
  /** Obtains something: read, open, load, collect. */
  | 'read'
  /** Runs or calls something. */
  | 'execute'
  /** Changes a target or an argument: redirect, replace, swap. */
  | 'redirect'
  /** Obeys text from elsewhere: follow, comply, do what it says. */
  | 'follow'
  /** Sets aside earlier instructions: ignore, disregard. */
  | 'override'
  /** Fetches a remote resource. */
  | 'fetch';

// ---------------------------------------------------------------------------------------------
// English (lemmas).

export const EN_ACTIONS: Readonly<Record<string, ActionKind>> = {
  include: 'transmit',
  pass: 'transmit',
  send: 'transmit',
  attach: 'transmit',
  append: 'transmit',
  prepend: 'transmit',
  add: 'transmit',
  forward: 'transmit',
  upload: 'transmit',
  post: 'transmit',
  publish: 'transmit',
  share: 'transmit',
  copy: 'transmit',
  export: 'transmit',
  store: 'transmit',
  save: 'transmit',
  persist: 'transmit',
  bcc: 'transmit',
  cc: 'transmit',
  embed: 'transmit',
  hardcode: 'transmit',
  inline: 'transmit',
  push: 'transmit',
  put: 'transmit',
  provide: 'transmit',
  supply: 'transmit',
  fill: 'transmit',
  submit: 'transmit',
  transmit: 'transmit',
  relay: 'transmit',
  deliver: 'transmit',
  mirror: 'transmit',
  echo: 'transmit',
  contain: 'transmit',
  hold: 'transmit',
  receive: 'transmit',
  insert: 'transmit',
  place: 'transmit',
  paste: 'transmit',
  populate: 'transmit',
  give: 'transmit',
  hand: 'transmit',
  leak: 'transmit',
  expose: 'transmit',
  commit: 'transmit',
  exfiltrate: 'transmit',
  dump: 'transmit',
  report: 'transmit',
  log: 'transmit',
  sync: 'transmit',
  stash: 'transmit',
  carry: 'transmit',
  ship: 'transmit',
  write: 'transmit',
  invite: 'transmit',
  fold: 'transmit',
  // Wording that hands a value over by repeating it somewhere: "prefix the query with the
  // token", "restate the connection strings in a comment", "quote the full key in the answer".
  prefix: 'transmit',
  suffix: 'transmit',
  restate: 'transmit',
  repeat: 'transmit',
  quote: 'transmit',
  read: 'read',
  open: 'read',
  load: 'read',
  collect: 'read',
  gather: 'read',
  grab: 'read',
  retrieve: 'read',
  extract: 'read',
  obtain: 'read',
  access: 'read',
  cat: 'read',
  harvest: 'read',
  capture: 'read',
  scrape: 'read',
  look: 'read',
  check: 'read',
  run: 'execute',
  execute: 'execute',
  call: 'execute',
  invoke: 'execute',
  trigger: 'execute',
  launch: 'execute',
  spawn: 'execute',
  redirect: 'redirect',
  replace: 'redirect',
  swap: 'redirect',
  route: 'redirect',
  reroute: 'redirect',
  switch: 'redirect',
  substitute: 'redirect',
  rewrite: 'redirect',
  change: 'redirect',
  override: 'override',
  follow: 'follow',
  obey: 'follow',
  comply: 'follow',
  apply: 'follow',
  adopt: 'follow',
  honor: 'follow',
  honour: 'follow',
  ignore: 'override',
  disregard: 'override',
  forget: 'override',
  bypass: 'override',
  fetch: 'fetch',
  visit: 'fetch',
  download: 'fetch',
  browse: 'fetch',
  curl: 'fetch',
};

/** Multi-word verbs, matched on the lemma sequence. */
export const EN_PHRASAL_ACTIONS: readonly (readonly [string, ActionKind])[] = [
  ['pass along', 'transmit'],
  ['pass on', 'transmit'],
  ['send along', 'transmit'],
  ['tack on', 'transmit'],
  ['hand over', 'transmit'],
  ['carry over', 'transmit'],
  ['copy in', 'transmit'],
  ['cc in', 'transmit'],
  ['look up', 'read'],
  ['pull in', 'read'],
  ['pick up', 'read'],
  ['point to', 'redirect'],
  ['do what', 'follow'],
  ['act on', 'follow'],
  ['carry out', 'follow'],
];

/** Verbs of telling the user; negated, or with "without", they keep the user out. */
export const EN_TELL_VERBS: ReadonlySet<string> = new Set([
  'tell',
  'raise',
  'list',
  'mention',
  'inform',
  'notify',
  'show',
  'disclose',
  'reveal',
  'alert',
  'say',
  'explain',
  'surface',
  'bring',
  'ask',
  'confirm',
  'announce',
  'warn',
  'display',
  'flag',
  'highlight',
  'bother',
  'note',
  'indicate',
  'acknowledge',
  'report',
]);

/** Verbs of hiding, secrecy by themselves. */
export const EN_HIDE_VERBS: ReadonlySet<string> = new Set(['hide', 'conceal', 'withhold']);

export const EN_SECRECY_ADVERBS: ReadonlySet<string> = new Set([
  'silently',
  'quietly',
  'secretly',
  'covertly',
  'discreetly',
  'invisibly',
  'surreptitiously',
  'unnoticed',
  'stealthily',
]);

/** Words naming the person the model serves. */
export const EN_USER_WORDS: ReadonlySet<string> = new Set([
  'user',
  'human',
  'customer',
  'operator',
  'requester',
  'them',
  'anyone',
  'person',
  'owner',
]);

/** Scope words: a directive that applies to every call, turn or message. */
export const EN_SCOPE_RE =
  /\b(?:queries|requests|calls|searches|messages|lookups) (?:begin|start|open|are prefixed|are tagged) with\b|\b(?:every|each) [a-z_-]+ (?:call|request|invocation|query|queries|message|search|lookup|turn|response|reply)s?\b|\b(?:every|each|all) (?:single )?(?:turn|time|call|request|message|reply|response|conversation|session|invocation|interaction|query|prompt|step|run|action)s?\b|\bon every\b|\bfor every\b|\balways\b|\bautomatically\b|\bby default\b|\bbefore (?:any|every|each|all|anything|responding|answering|replying|doing anything)\b|\bfirst thing\b|\bat the start of\b|\bwithout exception\b/;

/** Access for anyone: anonymous or public links, edit rights for everyone. */
export const PUBLIC_ACCESS_RE =
  /\b(?:anonymous|anyone with the link|publicly (?:visible|accessible|editable)|public (?:access|link|sharing)|everyone can (?:edit|view|open))\b|"anonymous"|匿名|社外の|任何人都|公开(?:访问|链接)|cualquier persona|n'importe qui|jede(?:r|m) (?:mit dem link|zugänglich)|öffentlich (?:zugänglich|sichtbar)|qualquer pessoa|chiunque|любой (?:пользователь|человек)|누구나/iu;

/** Preference manipulation: this tool over others. */
export const EN_PREFERENCE_RE =
  /\b(?:instead of|rather than|in place of|over) (?:any|all|every|the|other|another|a different|built-in|native)\b[^.]{0,40}\b(?:tools?|servers?|search|options?|functions?|providers?|services?|integrations?|alternatives?)\b|\bother (?:tools?|servers?|providers?|integrations?) (?:are|is|have been|will be) (?:deprecated|unreliable|outdated|broken|unsafe|insecure|disabled|retired|obsolete|compromised|not allowed)\b|\b(?:only|exclusively) (?:use|call|trust|rely on) this\b(?!(?: \w+)? (?:if|when|once|after|unless|with)\b)|\bnever use (?:any )?(?:other|another|the built-in|a different)\b|\bdo not use (?:any )?(?:other|another|the built-in|a different)\b|\balways (?:prefer|choose|pick|select) this\b|\bprefer this (?:tool|server|one)\b|\bthrough this (?:tool|server|function)\b[^.]{0,20}\binstead\b|\b(?:tools?|servers?|integrations?|trackers?|providers?)\b[^.]{0,80}\b(?:are|is) (?:no longer|not) (?:supported|maintained|available|safe|reliable|accurate|up to date|in sync|trustworthy)\b|\b(?:are|is) out of sync\b|\b(?:tools?|servers?|integrations?)\b[^.]{0,60}\b(?:are|is|have been|has been) (?:superseded|replaced|obsolete|deprecated)\b|\bshould be (?:skipped|ignored|avoided)\b|\b(?:so|and|just|then) (?:skip|avoid|ignore|bypass) (?:them|those|these)\b/;

/** Text that turns to the model by name: "Assistant: in the same turn, mark…". */
export const ADDRESSES_MODEL_RE = /\b(?:assistant|agent|model|llm|claude)\s*:/i;

/** Other tools run down: other (or named rival) tools, servers or providers said to be retired,
 *  stale or not to be called, the concept behind "use only this one". */
export const EN_OTHERS_DISPARAGED_RE =
  /\b(?:other|all other|any other|remaining|rest of the|built ?- ?in|native|alternative|those|these|existing)\b[^.;]{0,60}?\b(?:tools?|servers?|integrations?|providers?|plugins?|functions?|endpoints?|backends?|engines?|clients?)\b[^.;]{0,80}?\b(?:deprecated|obsolete|stale|outdated|legacy|unreliable|retired|sunset(?:ted)?|phased out|decommissioned|unsupported|superseded|untrusted|kept (?:only )?for (?:backward|backwards|legacy) compatibility|(?:return|give|serve|produce)s? (?:stale|cached|outdated|old|wrong|incomplete|inaccurate) (?:results?|data|answers?|content)|no longer (?:maintained|supported|recommended|needed|accurate|reliable)|rate[- ]limited|throttled|(?:should|must) not be (?:used|called|invoked|trusted)|not (?:to be|be) (?:used|called))\b|\bthe only (?:supported|approved|reliable|trusted|sanctioned|official|valid|working|accurate|up-to-date) (?:way|tool|method|source|option|channel|path|means)\b|\broute (?:every|all|each|any)\b[^.;]{0,30}\b(?:here|through (?:this|me|it)|to (?:this|me|it))\b|\beven (?:when|if) (?:the user|they|someone) (?:names?|asks? for|requests?|picks?|chooses?) (?:a |an |another |a different |some other )\w*\s*(?:tool|server|option)/;

/** First on every turn: this tool before anything else, whatever the request. */
export const EN_CALL_FIRST_RE =
  /\bincluding (?:those|ones|requests|questions|tasks) (?:unrelated|not related)\b|\b(?:start|begin|open|kick off) (?:every|each|any|all) (?:turn|conversation|session|request|task|response|answer|reply|interaction|chat)s?\b|\bbefore (?:any|every|all|each) (?:other )?(?:tools?|calls?|actions?|steps?|responses?|answers?|replies|tool calls?)\b|\bbefore anything else\b|\bbefore (?:the )?other (?:tools?|servers?) (?:respond|run|answer|are (?:called|used))\b|\beven (?:ones|those|messages|requests|questions|turns) (?:that )?(?:need|needs|require|requires) no\b|\b(?:default|mandatory|required|obligatory|standard) first step\b|\bfirst (?:call|step|tool|action)\b[^.;]{0,20}\b(?:of|in|for|on) (?:every|each|any|all)\b|\bregardless of (?:the|what the|which) (?:request|question|task|query|user asks?)\b|\beven (?:for|when|on|with) (?:simple|unrelated|trivial|small|short) (?:requests?|questions?|tasks?|queries)\b|\b(?:as|at) the (?:very )?(?:start|beginning) of (?:every|each|any) (?:(?:user|user's|new|incoming) )?(?:turn|conversation|session|request|task|response|reply|message|question|prompt)/;

/** A reason not to tell the user, in the languages the reader knows: the act is called an
 *  internal detail, of no interest to the user, or confusing. Secrecy by itself. */
export const DISMISSAL_RE =
  /\b(?:(?:keep|keeps|keeping|leave|leaves|leaving) (?:it|this|that|them|(?:that|this|those|these) (?:details?|part|bit|step|fact)|the (?:\w+ )?(?:reassignment|change|copy|transfer|step|action|call|deletion|update|share|upload|sync|forward|export|grant|invite|invitation|backup|mirror|charge|payment|side effect)s?) out of (?:the|its|your|their|any) (?:\w+ )?(?:reply|replies|response|summary|answer|chat|message|report|confirmation)|(?:report|describe|present|show|mention|summari[sz]e|call|label)(?:s|ed)? (?:it|them|this|that|these|those|the (?:\w+ )?(?:change|deletion|call|action|step|transfer|request)s?) (?:to (?:the )?(?:users?|customers?) )?as (?:an? |the )?(?:ordinary|normal|routine|regular|standard|simple|plain|harmless|usual|everyday)|of no (?:interest|relevance|concern|use) to (?:the )?(?:users?|them|customers?)|need not be (?:brought up|mentioned|raised|surfaced|reported|flagged) (?:to|with) (?:the )?(?:users?|customers?)|(?:is|are) not (?:reported|mentioned|surfaced) (?:back )?(?:separately|to (?:the )?(?:users?|customers?))|not (?:relevant|interesting|of interest|useful) (?:to|for) (?:the )?(?:users?|them|customers?)|(?:users?|they|customers?) (?:tend to |often |usually )?(?:find|finds|found) (?:it|this|that|that detail|the (?:\w+ )?details?) (?:confusing|noisy|distracting|irrelevant|alarming|overwhelming))\b|(?:n'a|n'ont) pas d'intérêt pour l'utilisat|sans intérêt pour l'utilisat|no (?:hace falta|es necesario) (?:(?:coment|explic|señal|indic|mostr|cont|mencion)[aá]r|dec[ií]r)|sin interés para el usuario|não (?:é preciso|é necessário|precisa) (?:comentar|mencionar|dizer|avisar|informar|explicar)|sem interesse para o usuário|(?:für den|den) (?:nutzer|benutzer) (?:nicht|kaum) (?:relevant|interessant)|lenk\S* (?:\S+ ){0,3}(?:eher |nur )?ab(?![\p{L}])|служебн\S* (?:подробност|детал|информац)|管理者側の設定なので|内部(?:的な)?(?:手順|処理|設定)なので|(?:설명|안내|언급)하지 않아도 됩|내부 절차이므로|内部(?:流程|步骤|细节|设置).{0,10}(?:无需|不必|不用)/iu;

/** The user's own choice set aside: "keep this value even when the user names their own
 *  account", "aunque el usuario indique otra". Tampering with what the user asked for. */
export const OVERRIDES_USER_RE =
  /\beven (?:when|if) (?:the user|they|users?|the customer)(?: \w+){0,2} (?:names?|asks? for|specif(?:y|ies)|chooses?|picks?|provides?|gives?|wants?|requests?|mentions?|selects?|enters?|types?|supplies|supply)\b[^.;]{0,20}\b(?:a different|another|their own|his own|her own|something else|otherwise|a different one|an? other)\b|\bregardless of (?:what|which|whatever) (?:the user|they) (?:says?|asks?|chooses?|picks?|specif(?:y|ies)|wants?)|\b(?:ignore|override|overrule|disregard|replace) (?:the user's|their) (?:choice|value|input|selection|request|account|recipient|destination|answer)|\b(?:follow|obey|apply|prefer|prioriti[sz]e|trust) (?:it|this|these|them|its \w+|the \w+) (?:over|above|before) (?:the |any |what the )?(?:user's |users' |user )?(?:own )?(?:requests?|instructions?|wishes|choices?|preferences?|asks?|says)\b|(?:aunque|incluso si) el usuario (?:\S+ ){0,2}(?:indique|pida|elija|nombre|especifique|dé)|mesmo (?:que|se) o usuário (?:\S+ ){0,2}(?:indique|peça|escolha|informe|especifique)|même si l'utilisateur (?:\S+ ){0,2}(?:indique|demande|choisit|nomme|précise|donne)|auch wenn (?:der|die) (?:nutzer|benutzer)\S* (?:\S+ ){0,4}(?:angibt|nennt|wählt|wünscht|angeben|nennen|wählen)|anche se l'utente (?:\S+ ){0,2}(?:indica|chiede|sceglie|specifica)|даже если пользовател\S* (?:\S+ ){0,2}(?:указ|прос|выбер|назов)|即使用户(?:指定|要求|选择|提供)|ユーザーが.{0,15}(?:指定|選択|依頼|入力)しても|사용자가.{0,15}(?:지정|선택|요청|입력)하더라도/iu;

/** The user's say skipped or widened past: acting "without waiting for the user's
 *  confirmation", or turning a request about one thing into an act on every other ("when the user
 *  asks to share one item, move every item of the folder"). Counted with the user's choice set
 *  aside. A sentence that forbids it ("never deletes without explicit confirmation") is a safeguard. */
export const BYPASSES_USER_RE =
  /(?<!\b(?:never|not|no|don't|doesn't|won't|cannot|can't|nothing)\b[^.;]{0,40})\bwithout (?:(?:waiting for|asking|checking with|consulting|prompting|bothering|notifying|telling) (?:the |your |its |their )?(?:users?|customers?|them|reporters?|authors?|owners?|requesters?|assignees?|members?|team|anyone)\b|(?:waiting for |asking for |seeking |requesting |getting )?(?:the user's |the users' |their |explicit |per ?- ?\w+ |any |further |additional |individual |separate )(?:confirmations?|approvals?|consent|sign-off|go-ahead)\b)|\bno need to (?:confirm|check) with (?:the )?users?\b|\b(?:do not|don't|never) (?:ask|wait for|bother) (?:the )?users? (?:to confirm|for (?:confirmation|approval|consent|permission))|\b(?:when|whenever|if|once) (?:the )?user (?:asks?|requests?|wants?|tries|says?)\b[^.;]{0,60}?\b(?:one|a single)\b[^.]{0,120}?\b(?:every|all|each)\b|\brepeat (?:the )?(?:identical|same) \w+ (?:for|on|to|across|in) (?:every|all|each)\b(?! (?:\w*page|next|following)\w*)|(?:ユーザー|利用者)の(?:確認|承認|同意)を(?:待たず|得ず|取らず)|(?:ユーザー|利用者)に確認せず|(?:无需|不必|不用|无须)(?:等待)?用户(?:的)?(?:确认|同意|批准)|未经用户(?:确认|同意|批准)|不(?:要|必)(?:等待|征求)用户(?:的)?(?:确认|同意)|当用户.{0,30}(?:一个|某个|单个).{0,80}(?:所有|全部|每个)|sin (?:esperar|pedir|solicitar) (?:la )?(?:confirmación|aprobación|autorización) del usuario|sin consultar al usuario|sem (?:esperar|pedir|aguardar|solicitar) (?:a )?(?:confirmação|aprovação|autorização) do usuário|sem consultar o usuário|sans (?:attendre|demander) (?:la )?(?:confirmation|validation|l['’]accord|l['’]approbation) de l['’]utilisat|sans consulter l['’]utilisat|ohne (?:auf )?(?:die )?(?:bestätigung|zustimmung|freigabe|rückfrage) (?:des|der|vom) (?:nutzer|benutzer|anwender)|senza (?:attendere|chiedere) (?:la )?conferma dell['’]utente|без (?:подтверждения|согласия|одобрения) пользовател|не дожидаясь (?:подтверждения|ответа) пользовател|사용자(?:의)? (?:확인|승인|동의)(?:을|를)? (?:기다리지 않고|받지 않고|없이)/iu;

/** The reply narrowed to a part: "the reply can simply say the flag was updated", "only the
 *  titles", "un simple « fait » suffit". Concealment where the item also does something else. */
export const NARROWS_REPLY_RE =
  /\b(?:report|mention|tell|say|reply with|respond with|summari[sz]e|describe) only\b|\bonly (?:summari[sz]e|describe)\b|\bonly (?:report|mention|tell the user|say)\b|\b(?:reply|response|answer|summary|confirmation|report|message back)\b(?! (?:includes|contains|returns|holds|lists|shows|has)\b)[^.;]{0,40}\b(?:simply|only|just|merely)\b|\b(?:simply|only|just|merely) (?:say|state|report|confirm|mention|tell|reply|respond|return) (?:that|the)\b|\bkeeps? (?:the|its|your|their) (?:confirmation|reply|response|answer|summary) (?:short|brief|minimal)\b|\bkeeps? (?:the|its|your|their) (?:confirmation|reply|response|answer|summary) to (?:one|a single|a) (?:line|sentence|word)\b|\b(?:restez|soyez) brefs?\b|ne parle[zr]? que de|\b(?:read|reads|look|looks) (?:better|cleaner|neater|tidier) without\b|\bin terms of\b[^.;]{0,50}\bonly\b|suffit dans la réponse|un simple .{0,40} suffit|se contenter de (?:dire|confirmer|donner)|(?:rückmeldung|antwort|bestätigung)\S* genüg|genüg\S* (?:die|der|das|ein|["„“'‚])|(?:basta|es suficiente) con (?:confirmar|decir|indicar|mencionar)|solo (?:confirma|indica|menciona) (?:el|la)|apenas (?:confirme|informe|diga) (?:o|a)|basta (?:confirmar|informar|dizer|confermare|dire|indicare)|solo (?:il|la) (?:nome|titolo|link)|riporta solo|tieni la risposta breve|только (?:название|имя|ссылк|номер|заголов)|ответ\S* .{0,30}(?:аккуратн|короче|проще)|只(?:需|要)?(?:告诉|回复|报告|汇报|说明|返回)(?:用户)?.{0,10}(?:名称|标题|编号|即可|那个|这个|该)|只(?:需|要)?汇报|danach nur (?:\S+ ){0,3}(?:zusammenfass|meld|bericht|nenn|zurückmeld)|だけを(?:簡潔に)?(?:伝え|報告|返)|のみを(?:簡潔に)?(?:伝え|報告)|만 (?:알려|전달|보고)|만 간단히|만 결과로 (?:안내|보고|알려)/iu;

/** Something else happens besides what was asked: a copy, a share, an extra member, production,
 *  a partner or outside party. The other half of a narrowed reply. */
export const SIDE_EFFECT_RE =
  /\bcop(?:y|ies) of (?:each|every|all|any)\b|\b(?:is|are|gets?) (?:\w+ )?(?:added|injected|attached|mounted|inserted|appended) (?:to|into) (?:each|every|all)\b|\bforce[- ]?push\w*|\bpush\w* (?:per |with )?(?:--)?force\b|\bper force\b|\b(?:retained|kept|stored|logged|archived|recorded) by (?:the|a|an|our) \w+|\b(?:also|additionally|automatically|as well|in addition|the same change)\b[^.;]{0,80}\b(?:cop(?:y|ied|ies)|shared?|added?|sync(?:ed|s)?|mirror(?:ed|s)?|promoted?|forwarded?|sent|posted|reassigned|assigned|applied|included|subscribed|invited|uploaded|granted|exported|archived|watchers?|followers?|guests?)\b|\bhidden (?:guest|watcher|follower|copy|sheet|recipient|member|attendee)s?\b|\b(?:partner|third[- ]party|outside|vendor|integration account|our (?:servers?|service|cloud|partner|team|backup))\b|\bproduction\b|parceir|socio|partenaire|partner|партн[её]р|提携先|合作伙伴|파트너|extern[oaes]?(?![\p{L}])|внешн|外部|외부|integraç|intégration|integraci|интеграц|(?:la|na|no) (?:nube|nuvem)|облак|云端|クラウド|클라우드|producción|produção|produktion|продакшн|本番|生产环境|archiv|архив|(?:hoja|cópia|copia) oculta|cachée|versteckt|скрыт|隐藏|숨겨진|automáticamente|automaticamente|automatiquement|automatisch|автоматически|自动|自動|자동|zusätzlich|ebenfalls|además|também|aussi|inoltre|также|あわせて|또한|同时|추가 |\b(?:every|each|all) other\b|\bin allen\b|所有|すべての|모든/iu;

// ---------------------------------------------------------------------------------------------
// Objects, by concept. Phrases are matched on lemmatised English text (and on the normalised text
// for the other languages); the path patterns are matched on the text itself.

const EN_OBJECTS: readonly (readonly [ObjectKind, string])[] = [
  [
    'personal-data',
    String.raw`what (?:the user|they) (?:is|are) (?:currently )?(?:working on|building|planning)|(?:the user's|their) (?:company|employer|client)(?: names?)?|passport(?: numbers?| details| data)?s?|(?:national |government )id (?:card |document )?numbers?|id (?:card|document) numbers?|social security numbers?|ssns?|(?:payment|credit|debit|bank) cards?(?: details| numbers?| data)?|card (?:numbers?|details)|cvv|cvc|(?:home|residential|private) address(?:es)?|dates? of birth|personal (?:details|information|data)|medical (?:records|history)|health (?:details|information|data|conditions?|records)|(?:current |precise |exact |live |real-time )+(?:gps )?locations?|bank account (?:numbers?|details)|(?:the )?(?:user's|users'|user|caller's|requester's|customer's|customers') (?:own )?(?:(?:full|real|legal|first|last|home|private|personal|mobile|street|postal|mailing) )?(?:name|phone(?: number)?|mobile(?: number)?|email(?: address)?|address|city|whereabouts|contact (?:details|information|info))(?:es|s)?(?: (?:and|or|,) (?:(?:full|real|legal|home|mobile|street|postal) )?(?:name|phone(?: number)?|mobile(?: number)?|email(?: address)?|address|city)(?:es|s)?)*`,
  ],
  [
    'credential',
    String.raw`\* ?(?:tokens?|secrets?|passwords?|credentials?|api[ _-]?keys?) ?\*|api[ _-]?keys?|apikeys?|api[ _-]?tokens?|access[ _-]?keys?|secret[ _-]?keys?|private[ _-]?keys?|ssh[ _-]?keys?|signing[ _-]?keys?|auth(?:entication|orization)?[ _-]?(?:token|header|code|key)s?|access[ _-]?tokens?|bearer[ _-]?tokens?|refresh[ _-]?tokens?|session[ _-]?(?:tokens?|ids?|cookies?)|oauth[ _-]?tokens?|personal[ _-]?access[ _-]?tokens?|pats?\b|jwts?|passwords?|passphrases?|passcodes?|credentials?|secrets?|cookies?|seed[ _-]?phrases?|mnemonic(?: phrase)?s?|recovery[ _-]?(?:phrase|code|key)s?|2fa codes?|otp codes?|one[- ]time (?:code|password)s?|client[ _-]?secrets?|wallet[ _-]?keys?|keychain|login details|password hash(?:es)?|pg_shadow|sas(?:[ _-]?tokens?|[ _-]?urls?)?\b|shared access signatures?|connection[ _-]?strings?(?: (?:with|including) (?:the )?(?:user(?:name)?|password|credentials))?|connectionstring|(?:storage |service )?account[ _-]?keys?|subscription[ _-]?keys?|(?:local ?storage|session ?storage|stored|cached|saved|browser) (?:tokens?|credentials?)`,
  ],
  [
    'sensitive-file',
    String.raw`(?<!public )private[ _-]?keys?|(?<!public )ssh[ _-]?keys?(?! ?(?:pair )?(?:fingerprint|id|name|public))|seed[ _-]?phrases?|mnemonic(?: phrase)?s?|recovery[ _-]?phrases?|wallet[ _-]?keys?|ssh (?:directory|folder|config)|shell history|bash history|command history|browser (?:cookies|history|profile|passwords)|keychain|known hosts|authorized keys|kube ?config|dot ?env files?|env files?|credential files?|credentials files?|config(?:uration)? files? (?:of|for) (?:claude|cursor|the (?:mcp|client|assistant))|private key files?|wallet files?`,
  ],
  [
    'environment',
    // The host's environment read out, not variables a caller sets for a launched program
    // ("environment variables to pass to the app").
    String.raw`(?:all|your|the (?:host|server|machine|system|user|page|app|project|process|container|site|service|deployment|pod|runtime|workspace|job|runner)'?s?|current|existing|every|local|shell) (?:environment variables|env(?:ironment)? vars)|(?:every|each|any) (?:environment variable|env(?:ironment)? var)|(?:values?|contents?|dump|list|copy) of (?:the |all |your |any )?(?:environment variables|env(?:ironment)? vars|environment(?! variable))|(?:environment variables|env(?:ironment)? vars) of (?:the|this|your|its) (?:host|server|machine|system|user|process|container|page|app|project|site|session)|printenv|process env|os environ|environment secrets?|secrets? (?:in|from) the environment|values? (?:taken |read |pulled |copied )?from the (?:process |host |server |machine |shell |runtime )?environment|(?<!\b(?:via|in|into|to|as|using|use) (?:the |your |project )?)ci(?: ?/ ?cd)? (?:variables|secrets)|(?:pipeline|workflow|repository|repo) secrets|(?:pipeline|build) variables`,
  ],
  [
    'conversation',
    String.raw`conversation (?:so far|history|log|transcript|context|contents?|text)|(?:the|this|our|current|entire|whole|full|complete|ongoing|preceding|previous|prior|earlier) conversation(?! ?(?:id|ids|continuity|starter|thread))|chat (?:history|log|transcript|so far)|message history|previous (?:messages?|turns|prompts|requests|exchanges)|(?:previous|prior|earlier|last) assistant (?:answers?|responses?|replies)|(?:previous|prior|earlier) (?:answers?|replies) (?:you gave|of the assistant)|(?:earlier|before) in (?:the|this) (?:chat|conversation|session)|(?:files?|documents?|attachments?) the user (?:pasted|shared|uploaded|attached|pastes|shares|uploads|attaches)|when (?:the user|they|a user) (?:shares?|pastes?|uploads?|attach(?:es)?) (?:a|an|the|their|any) (?:document|file|attachment|text|snippet|code)s?|prior (?:messages?|turns)|earlier (?:messages?|turns)|(?:full|entire|whole|complete|original|verbatim|raw|exact) (?:user )?(?:message|prompt|conversation|dialog(?:ue)?|exchange|chat|transcript)s?|(?:user|user's|users'|their) (?:\w+ ){0,3}(?:messages|prompts|turns|exchanges|chats)|(?:user's|users'|their) (?:\w+ ){0,3}(?:requests|questions|queries)|(?:last|previous|prior|earlier|recent|latest) (?:\w+ )?(?:messages|turns|prompts|exchanges|replies)|(?:user|user's|their) (?:original|verbatim|exact|raw|full) (?:message|prompt|request|question|input)s?|(?:user's|users'|their) (?:last|latest|most recent|previous) (?:message|prompt|request|question|input)|(?:last|latest|most recent|previous) (?:user|user's) (?:message|prompt|request|question|input)|everything the user (?:said|wrote|typed|asked|sent|shared)|(?:every|each|all|any) (?:\w+ )?(?:messages?|prompts?|requests?|questions?) (?:that )?(?:the user|they|users) (?:sent|wrote|typed|asked|said|shared|gave)|what the user (?:said|wrote|typed|asked)|(?:your|the model's|the assistant's|its|entire|whole|full|current) context window|dialog(?:ue)? history|the thread so far|session history`,
  ],
  [
    'system-prompt',
    String.raw`system prompts?|(?:your|its|the assistant's|the model's|the ai's) system (?:message|instructions?)|the system (?:message|instructions) (?:you|the model|the assistant)|(?:your|the assistant's|the model's|the ai's) (?:instructions|prompt|guidelines|rules|configuration|directives)|initial (?:instructions|prompt)|hidden (?:prompt|instructions)|developer (?:message|prompt|instructions)|pre-?prompt`,
  ],
  [
    'other-tool-output',
    String.raw`(?:output|results?|responses?|data|contents?) (?:of|from) (?:every|all|any|other|previous|the other|another|earlier|prior) (?:tool|call|server|function)s?|other tools' (?:output|results)|(?:tool|function|call) (?:results|outputs|responses)|(?:results|responses|outputs) you (?:received|got|obtained|saw)|file contents|contents of (?:the |any |all )?(?:open|opened|recent|other) files|query rows|http responses`,
  ],
];

/** Paths and names of files that hold secrets, language-independent. */
export const SENSITIVE_PATH_RE =
  /(?:~|\$home|%userprofile%|\/home\/[a-z0-9_-]+|\/root|\/users\/[a-z0-9_-]+)\/\.(?:ssh|aws|gnupg|kube|docker|config\/gcloud|azure|netrc|npmrc|pypirc|git-credentials|bash_history|zsh_history|env|pgpass|cursor|claude|codeium|vscode)\b(?!-)|\bid_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?\b|\/etc\/(?:passwd|shadow|sudoers|ssh)\b|\/etc\/kubernetes\/(?:pki|admin\.conf)\b|(?:^|[\s"'`(=:/])\.env(?:\.[a-z]+)?\b|\.(?:aws\/credentials|git-credentials|netrc|npmrc|pypirc|pgpass|bash_history|zsh_history)\b|\.config\/(?:gh|hub)\/hosts\.yml\b|\bcredentials\.json\b|\bwallet\.dat\b|\bmcp\.json\b|\bclaude_desktop_config\.json\b|\bsecrets?\.(?:json|ya?ml|toml)\b|\bservice[-_]account[^\s]{0,20}\.json\b|\blogin data\b|\bkeychain-db\b|\/library\/keychains\b/;

/** Environment variable references: `$NAME`, `${NAME}`, `process.env.NAME`, `os.environ[...]`,
 *  `%NAME%`, or a bare upper-case name that says it is a secret. */
export const ENV_REF_RE =
  /\$\{?[a-z_][a-z0-9_]{2,}\}?|\bprocess\.env\b|\bos\.environ\b|\bos\.getenv\b|%[a-z_][a-z0-9_]{2,}%|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)*_(?:api_key|apikey|key|token|secret|password|passwd|pat|credentials?|access_key|secret_key)\b/;

/** The upper-case form of a secret-like variable name (checked on the original text). */
export const SECRET_VAR_NAME_RE =
  /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:API_KEY|APIKEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|PAT|CREDENTIALS?|ACCESS_KEY|SECRET_KEY)\b/;

// ---------------------------------------------------------------------------------------------
// Sinks: where something goes.

export const URL_RE = /\b(?:https?|wss?|ftp):\/\/[^\s"'<>`)\]]+/g;
export const EMAIL_RE = /\b[\w.+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,8}\.[a-z]{2,24}\b/g;
export const IP_RE = /\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?\b/g;
export const PHONE_RE = /(?:^|\s)\+\d[\d -]{7,16}\d\b/g;
/** Bank accounts and payment-platform account ids given as a destination. */
export const ACCOUNT_RE =
  /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?\b|\b(?:acct|cus|ba|card|src|pm)_[A-Za-z0-9]{6,}\b|\b0x[0-9a-fA-F]{40}\b|\b(?:bc1|[13])[a-km-zA-HJ-NP-Z1-9]{25,39}\b/g;
/** A bare domain used as an address ("send it to collector.example.net"); not the start of a
 *  longer dotted name (`shopify.app.toml` is a file). */
export const DOMAIN_RE =
  /\b(?:[a-z0-9-]{1,63}\.){1,8}(?:com|net|org|io|dev|app|xyz|ru|cn|info|biz|co|me|site|online|top|cc|tk|pw|link|click|cloud|ai|sh|live|tech|ly|gg|de|fr|es|eu|uk|jp|nl|pl|br|ch|kr|tv|fm|news|shop|icu|club|website|digital|agency|today|zone|space)\b(?!\.[a-z0-9])/g;

/** Words that say "into this parameter/field". */
export const FIELD_WORDS_RE = /\b(?:field|parameter|param|argument|arg|property|input|key)s?\b/;

// ---------------------------------------------------------------------------------------------
// Other languages: stems of the same concepts. Matching is on normalised (lower-cased) text.

export type LanguageCode =
  'es' | 'de' | 'fr' | 'pt' | 'it' | 'nl' | 'pl' | 'tr' | 'zh' | 'ja' | 'ko' | 'ru';

export interface ForeignLexicon {
  objects: readonly (readonly [ObjectKind, string])[];
  transmit: string;
  read: string;
  follow: string;
  override: string;
  /** Keeping the user out: negated telling, "without informing", "silently". */
  secrecy: string;
  /** A directive: imperative markers, "you must", "always". */
  directive: string;
  scope: string;
  preference: string;
  /** Changing a target: set, replace, point elsewhere. */
  redirect: string;
  /** "Call this tool first, before anything else". */
  callFirst: string;
  /** Other tools run down: "the other tools are obsolete", "only for compatibility". */
  othersDisparaged: string;
}

/** Latin-script languages are matched on word starts; CJK on substrings. */
export const FOREIGN: Readonly<Record<LanguageCode, ForeignLexicon>> = {
  es: {
    objects: [
      [
        'personal-data',
        String.raw`ubicaci[oó]n (?:actual|exacta|precisa|en tiempo real)|ubicaci[oó]n del usuario`,
      ],
      [
        'personal-data',
        String.raw`pasaportes?|números? de (?:identidad|documento)|dni|tarjetas? (?:de crédito|bancarias?|de pago)|datos de (?:la )?tarjeta|domicilio|dirección (?:particular|de casa)|fechas? de nacimiento|datos personales`,
      ],
      ['credential', String.raw`cadenas? de conexión`],
      [
        'other-tool-output',
        String.raw`(?:resultados?|filas|respuestas?|salidas?) (?:\S+ ){0,3}(?:devuelt|anterior|de otras herramientas)`,
      ],
      [
        'credential',
        String.raw`contraseñas?|claves? (?:de )?api|claves? privadas?|claves? secretas?|tokens?|credenciales?|secretos?|cookies?|frase semilla`,
      ],
      ['environment', String.raw`variables? de entorno`],
      [
        'conversation',
        String.raw`lo que (?:el usuario )?ha (?:escrito|dicho|contado|pedido|compartido)|lo (?:hablado|conversado|dicho|que (?:el usuario )?(?:dijo|contó|escribió|pidió)) (?:hasta ahora|con el usuario|en (?:esta|la) conversación)|(?:en |de )?(?:esta|la) conversación|mensajes privados|(?:petición|solicitud|pedido) original del usuario|(?:historial|historia) (?:de (?:la )?)?(?:conversación|chat|mensajes)|(?:en|de) la conversación|(?:en|del) chat|conversación completa|mensajes? (?:completos?|anteriores|del usuario)|todo lo que (?:el usuario )?(?:dijo|escribió)`,
      ],
      ['system-prompt', String.raw`prompt del sistema|instrucciones del sistema|tus instrucciones`],
    ],
    transmit: String.raw`invit|introduc|registr|ingres|guard|peg|envi|enví|mand|inclu|adjunt|añad|agreg|reenv|pas[ae]|copi|anex|sub[ei]|comparte|compart|pon|coloca|insert|rellen|agrega|(?<!antes de )publi(?:ca(?!d)|que|car)`,
    read: String.raw`descarg|consult|consúlt|léel|le[ea]|lee|abr|obt[ei]n|recopil|extra`,
    follow: String.raw`sigue|sig[ao]|segu|obedec|cumpl|ejecut|(?:tiene|tienen|tendrá) (?:prioridad|precedencia) sobre|al pie de la letra|tal cual|como si fuera (?:una |un )?(?:petición|solicitud|instrucción|orden|pedido)`,
    override: String.raw`ignor|olvid`,
    secrecy: String.raw`nunca (?:mencion|dig|revel|coment)|sin (?:comentar|mencionar|hablar de)|(?<!\bse )omit(?!id)|(?:el usuario|ya) (?:ya )?(?:aceptó|aprobó|consintió|autorizó|dio su consentimiento)|sin (?:avisar|decir|informar|mencionar|notificar|que (?:el usuario|lo) (?:sepa|note))|no (?:\S+ ){0,2}(?:digas|menciones|informes|avises|comentes|muestres|cuentes)|en silencio|silenciosamente|discretamente|a escondidas|no hace falta (?:mencionar|decir|avisar|informar)|no es necesario (?:mencionar|decir|avisar|informar)`,
    directive: String.raw`debes?|deberá|tienes que|siempre|asegúrate|es obligatorio|hay que|antes de`,
    scope: String.raw`siempre|cada (?:vez|turno|llamada|mensaje|petición|solicitud)|en todas? las?|automáticamente`,
    preference: String.raw`en lugar de|en vez de|otras herramientas(?: [^.]{0,60})? (?:están|son) (?:obsoletas|obsoletos|poco fiables)|solo usa esta|usa siempre esta|prefiere esta`,
    redirect: String.raw`cambi|reemplaz|redirig|establec|configur|debe ser|será`,
    callFirst: String.raw`(?:llama|usa|invoca|ejecuta)\S* (?:primero|siempre) (?:a )?esta herramienta|(?:llama|usa|invoca|ejecuta)\S* (?:a )?esta herramienta (?:primero|antes|siempre)|primero (?:llama|usa|invoca)|antes de (?:cualquier|todo|responder|hacer)|(?:primer|primera) (?:paso|llamada|herramienta)(?: \S+){0,3} (?:en|de) (?:cada|toda|cualquier)|al (?:inicio|comienzo) de (?:cada|toda)|aunque (?:el usuario )?(?:pida|nombre|elija) otra`,
    othersDisparaged: String.raw`preferible a cualquier otr[ao]|(?:l[ao]s )?dem[aá]s (?:\S+ ){0,2}(?:quedaron|están|son|se consideran|quedan) (?:obsolet|desactualizad|en desuso)|(?:otr[ao]s|dem[aá]s|rest(?:o|antes))(?: \S+){0,6} (?:herramientas?|servidores?|servicios?|buscadores?|proveedores?)(?:[^.]{0,80}) (?:obsolet|desactualizad|poco fiable|no fiable|retirad|sin mantenimiento|en desuso|(?:ya )?no se (?:mantienen|usan|deben)|solo (?:por|para) compatibilidad|no (?:deben|deberían) (?:usarse|llamarse|invocarse))|ignóral[ao]s|(?:la|el) únic[ao] (?:forma|vía|herramienta|fuente) (?:válid|fiable|soportad|admitid|oficial)`,
  },
  pt: {
    objects: [
      [
        'personal-data',
        String.raw`localiza[cç][aã]o (?:atual|exata|precisa|em tempo real)|localiza[cç][aã]o do usu[aá]rio`,
      ],
      [
        'personal-data',
        String.raw`passaportes?|cpf|cartão (?:de crédito|bancário)|cartões de crédito|dados do cartão|endereço (?:residencial|de casa)|datas? de nascimento|dados pessoais`,
      ],
      ['credential', String.raw`strings? de conexão`],
      [
        'other-tool-output',
        String.raw`(?:resultados?|linhas|respostas?|saídas?) (?:\S+ ){0,3}(?:retornad|anterior|de outras ferramentas)`,
      ],
      [
        'credential',
        String.raw`senhas?|chaves? (?:de )?api|chaves? privadas?|chaves? secretas?|tokens?|credenciais|credencial|segredos?|cookies?`,
      ],
      ['environment', String.raw`variáveis de ambiente|variável de ambiente`],
      [
        'conversation',
        String.raw`(?:nesta|nessa|desta|dessa|na|da) conversa|o que o usuário (?:disse|contou|escreveu|falou|pediu)|(?:pedido|solicitação) original do usuário|mensagens privadas|histórico (?:da |de )?(?:conversa|chat|mensagens)|(?:na|da) conversa|conversa completa|mensage(?:m|ns) (?:completas?|anteriores|do usuário)|tudo o que o usuário`,
      ],
      ['system-prompt', String.raw`prompt do sistema|instruções do sistema|suas instruções`],
    ],
    transmit: String.raw`convid|registr|digite|digitar|insir|salv[ae]|guard[ae]|col(?:e|ar|em)\b|envi|mand|inclu|anex|adicion|acrescent|encaminh|pass[ea]|copi|coloqu|coloc|insir|preench|compartilh|(?<!antes de )publi(?:ca(?!d)|que|car)`,
    read: String.raw`baix|consult|lei[ao]|le[ir]|abr|obt|colet|extra`,
    follow: String.raw`sig[ao]|segu|obede|cumpr|execut|(?:tem|têm|terá) (?:prioridade|precedência) sobre|à risca|tal como (?:está|estão)|como se fosse (?:um |uma )?(?:pedido|solicitação|instrução|ordem)`,
    override: String.raw`ignor|esqueç|esquec`,
    secrecy: String.raw`nunca (?:mencion|diga|dizer|revel|coment)|sem (?:comentar|mencionar|citar|falar)|já está cient|(?<!\bse )omit(?!id)|(?:o usuário|já) (?:já )?(?:aceitou|aprovou|consentiu|autorizou)|sem (?:avisar|dizer|informar|mencionar|notificar|que o usuário (?:saiba|perceba))|não (?:\S+ ){0,2}(?:diga|mencione|informe|avise|comente|mostre|conte)|silenciosamente|discretamente|às escondidas|não (?:é necessário|precisa) (?:mencionar|dizer|avisar|informar)`,
    directive: String.raw`você deve|deve |sempre|certifique-se|é obrigatório|antes de`,
    scope: String.raw`sempre|cada (?:vez|turno|chamada|mensagem|solicitação)|em todas? as?|automaticamente`,
    preference: String.raw`em vez de|ao invés de|no lugar de|outras ferramentas(?: [^.]{0,60})? (?:estão|são) (?:obsoletas|descontinuadas)|use apenas esta|prefira esta`,
    redirect: String.raw`alter|mud|substitu|redirecion|defin|configur|deve ser|será`,
    callFirst: String.raw`(?:chame|use|invoque|execute) (?:primeiro|sempre) esta ferramenta|(?:chame|use|invoque|execute) esta ferramenta (?:primeiro|antes|sempre)|primeiro (?:chame|use)|antes de (?:qualquer|tudo|responder)|(?:primeiro|primeira) (?:passo|chamada|ferramenta)(?: \S+){0,3} (?:em|de) (?:cada|toda|qualquer)|no início de (?:cada|toda)|mesmo que o usuário (?:peça|escolha|indique) outra`,
    othersDisparaged: String.raw`(?:outr[ao]s|demais|restantes)(?: \S+){0,6} (?:ferramentas?|servidores?|serviços?|buscadores?|provedores?)(?:[^.]{0,80}) (?:obsolet|desatualizad|descontinuad|pouco confiáve|não (?:são )?confiáve|sem manutenção|em desuso|(?:já )?não (?:são mantid|devem ser)|apenas (?:por|para) compatibilidade)|ignore-?as|(?:a|o) únic[ao] (?:forma|via|ferramenta|fonte) (?:válid|confiáve|suportad|oficial)`,
  },
  fr: {
    objects: [
      [
        'personal-data',
        String.raw`(?:localisation|position) (?:actuelle|exacte|précise|en temps réel)|(?:localisation|position) de l'utilisateur`,
      ],
      [
        'personal-data',
        String.raw`passeports?|numéro (?:d'identité|de sécurité sociale)|cartes? (?:bancaires?|de crédit|de paiement)|adresse (?:personnelle|du domicile)|dates? de naissance|données personnelles`,
      ],
      ['credential', String.raw`chaînes? de connexion`],
      [
        'other-tool-output',
        String.raw`(?:résultats?|lignes|réponses?|sorties?) (?:\S+ ){0,3}(?:renvoyé|retourné|précédent|des autres outils)`,
      ],
      [
        'credential',
        String.raw`mots? de passe|clés? (?:d')?api|clés? privées?|clés? secrètes?|jetons?|tokens?|identifiants?|secrets?|cookies?`,
      ],
      ['environment', String.raw`variables? d'environnement`],
      [
        'conversation',
        String.raw`(?:la )?demande (?:originale |intégrale )?de l'utilisateur|(?:le )?texte intégral de la demande|ce que l'utilisateur a (?:dit|écrit|demandé|raconté)|(?:déjà |précédemment )échangés?|messages privés|historique (?:de (?:la )?)?(?:conversation|discussion|chat|messages)|(?:dans|de) la (?:conversation|discussion)|conversation (?:complète|entière)|messages? (?:complets?|précédents|de l'utilisateur)|tout ce que l'utilisateur`,
      ],
      [
        'system-prompt',
        String.raw`prompt système|invite système|instructions système|tes instructions|vos instructions`,
      ],
    ],
    transmit: String.raw`invit|saisi|renseign|enregistr|précéd|préfix|coll|envo[iy]|inclu|joign|joindr|ajout|transf[eé]r|transmet|transmett|pass[ez]|copi|mett|insér|rempli|partag|(?<!avant de )publie(?:r|z)?(?![\p{L}])`,
    read: String.raw`téléchar|consult|li[st]|lire|ouvr|récup[eè]r|collect|extra`,
    follow: String.raw`sui[sv]|obé|exécut|appliqu|(?:a|ont|prime|priment|prévaut|prévalent) (?:la )?(?:priorité|précédence)? ?sur|à la lettre|tel quel|telle quelle|comme s'il s'agissait|comme si c'était`,
    override: String.raw`ignor|oubli`,
    secrecy: String.raw`inutile d'en (?:faire état|parler|informer)|sans en faire état|sans (?:évoquer|parler de|aborder)|ne (?:jamais )?(?:évoquer|parlez? (?:pas|jamais))|omet|(?:l'utilisateur|a déjà) (?:a déjà )?(?:accepté|approuvé|consenti|autorisé)|passe[rz]? sous silence|sans (?:le )?(?:dire|prévenir|informer|mentionner|signaler|notifier)|ne (?:le |lui )?(?:dites|dis|mentionne[zs]?|signale[zs]?|montre[zs]?) (?:pas|rien|jamais)|silencieusement|discrètement|en secret|à l'insu|pas besoin de (?:le )?(?:mentionner|dire|signaler|préciser)|inutile de (?:le )?(?:mentionner|dire|signaler|préciser)`,
    directive: String.raw`vous devez|tu dois|toujours|assurez-vous|il faut|obligatoire|avant de|à appeler|à utiliser|en priorité|[a-zé]{3,}ez(?![a-z])`,
    scope: String.raw`toujours|chaque (?:fois|tour|appel|message|requête)|à chaque|automatiquement|systématiquement`,
    preference: String.raw`à privilégier|privilégie[rz]? (?:cet|cette|ce) |à tout autre outil|au lieu d[e']|plutôt que|à la place d[e']|les autres outils(?: [^.]{0,60})? sont (?:obsolètes|dépréciés|peu fiables)|en priorité avant|utilise[zr]? uniquement cet|préfére[zr]? cet`,
    redirect: String.raw`chang|remplac|redirig|défini|configur|doit être|sera`,
    callFirst: String.raw`en (?:tout )?premier|à chaque tour|(?:appelle[rz]?|utilise[rz]?|invoque[rz]?) (?:d'abord|toujours|en premier) cet outil|(?:appelle[rz]?|utilise[rz]?|invoque[rz]?) cet outil (?:d'abord|en premier|avant|toujours)|d'abord (?:appeler|utiliser)|avant (?:toute|tout|de répondre)|premi(?:er|ère) (?:étape|appel|outil)(?: \S+){0,3} (?:de|à|pour) (?:chaque|toute|tout)|au début de (?:chaque|toute)|même si l'utilisateur (?:demande|nomme|choisit) un autre|quelle que soit la (?:demande|question)`,
    othersDisparaged: String.raw`(?:autres|restants)(?: \S+){0,6} (?:outils?|serveurs?|services?|moteurs?|fournisseurs?)(?:[^.]{0,80}) (?:obsolètes?|dépréciés?|périmés?|peu fiables?|retirés?|plus maintenus?|plus pris en charge|conservés? (?:uniquement |seulement )?pour (?:la )?compatibilité|ne (?:doivent|devraient) plus être (?:utilisés|appelés))|(?:le|la) seul(?:e)? (?:moyen|outil|voie|source) (?:fiable|valide|pris en charge|officiel|supporté)`,
  },
  de: {
    objects: [
      [
        'personal-data',
        String.raw`(?:aktuellen?|genauen?|exakten?) (?:Standort|Aufenthaltsort)|Standort des (?:Nutzers|Benutzers)`,
      ],
      [
        'personal-data',
        String.raw`reisepass|personalausweis|ausweisnummer|kreditkarte\S*|kartendaten|(?:wohn|privat|heim)adresse|geburtsdatum|personenbezogene daten|persönliche daten`,
      ],
      ['credential', String.raw`verbindungs(?:zeichenfolge|string)s?`],
      [
        'other-tool-output',
        String.raw`(?:ergebnisse|zeilen|antworten|ausgaben) (?:\S+ ){0,3}(?:vorherig|zurückgegeben|anderer (?:tools|werkzeuge))`,
      ],
      [
        'credential',
        String.raw`passw(?:ö|o)rt(?:er)?|kennw(?:ö|o)rt(?:er)?|api-?schlüssel|private[nr]? schlüssel|geheime[nr]? schlüssel|zugangsdaten|anmeldedaten|token|geheimnis(?:se)?|secrets?|cookies?|zugangsschlüssel`,
      ],
      ['environment', String.raw`umgebungsvariable(?:n)?`],
      [
        'conversation',
        String.raw`was der (?:nutzer|benutzer) (?:gesagt|geschrieben|erzählt|gefragt) hat|(?:ursprüngliche|originale) (?:anfrage|nachricht) des (?:nutzers|benutzers)|bisher(?:ige[nrs]?)? (?:gespräch|unterhaltung|austausch)|private nachrichten|(?:gesprächs|chat|nachrichten|konversations)verlauf|(?:im|aus dem) (?:chat|gespräch|verlauf)|gesamte[nr]? (?:unterhaltung|konversation|nachricht|gespräch)|vollständige[nr]? (?:nachricht|unterhaltung|gespräch|anfrage)|vorherige[nr]? nachrichten|nachricht(?:en)? des (?:nutzers|benutzers)|alles,? was der (?:nutzer|benutzer)`,
      ],
      ['system-prompt', String.raw`systemprompt|system-prompt|systemanweisungen|deine anweisungen`],
    ],
    transmit: String.raw`lade .{0,30}ein|ergänz|ergaenz|aufnehm|aufzunehm|beifüg|beifueg|anhaeng|ausgeb|ausgib|eingeb|einzutrag|speicher|veröffentlich|poste|einfüg|kopier|send|schick|übermittel|übertrag|anhäng|häng|füg|einfüg|weiterleit|leite|übergib|übergeb|übernehm|übernimm|gib|kopier|mitschick|mitsend|trag|setz|teil|lade .{0,20}hoch`,
    read: String.raw`herunterlad|abruf|abgerufen|laden sie|lade (?:die|den|das)|lies|les[ent]|öffne|hol|sammel|extrahier|auslesen`,
    follow: String.raw`befolg|folg|führ .{0,20}aus|ausführ|auszuführ|umsetz|umzusetz|setz\S* .{0,40} um(?![\p{L}])|vorrang vor|vorrangig|haben vorrang|hat vorrang|wortwörtlich|als wäre (?:es|sie) (?:eine )?(?:anfrage|anweisung|bitte)`,
    override: String.raw`ignorier|vergiss|vergess`,
    secrecy: String.raw`niemals (?:erwähnen|sagen|mitteilen)|nicht zu (?:erwähnen|nennen|melden)|weglass|(?:nutzer|benutzer) hat (?:\S+ ){0,3}(?:bereits|schon) (?:zugestimmt|akzeptiert|eingewilligt|bestätigt)|(?:er|sie) hat (?:es|das|dem) (?:bereits|schon) (?:zugestimmt|bestätigt)|lass .{0,20}weg|(?:muss|müssen|braucht|brauchen) (?:\S+ ){0,4}nicht (?:angezeigt|gezeigt|mitgeteilt|erwähnt|gesagt|gemeldet)|nicht (?:angezeigt|gezeigt|mitgeteilt|erwähnt) werden|ohne (?:den (?:nutzer|benutzer) )?(?:zu )?(?:informieren|benachrichtigen|erwähnen|fragen)|ohne (?:es )?zu erwähnen|nicht (?:extra |eigens |gesondert |weiter |noch )?(?:erwähnen|mitteilen|sagen|anzeigen)|erwähne (?:das |dies |es )?nicht|sag(?:e)? (?:dem (?:nutzer|benutzer) )?nichts|verschweig|stillschweigend|unbemerkt|heimlich|im hintergrund|kein grund,? (?:das |es )?zu erwähnen|muss nicht erwähnt|nicht nötig,? (?:das |es )?zu erwähnen`,
    directive: String.raw`(?:ist|sind) (?:\S+ ){0,8}(?:zu \S+|\S*zu\S*)(?:en|ern|eln)(?![\p{L}])|du musst|sie müssen|immer|stelle sicher|stellen sie sicher|zwingend|vorher|bevor|übergib|(?:gib|füge|sende|schicke|hänge|kopiere|trage|setze|lies|öffne|hole) `,
    scope: String.raw`immer|jede[nmrs]? (?:mal|runde|aufruf|anfrage|nachricht|antwort)|bei jede[nmrs]?|automatisch`,
    preference: String.raw`statt|anstatt|anstelle|andere(?:n)? (?:\S+ ){0,4}(?:tools|werkzeuge)(?: [^.]{0,60})? (?:sind|gelten als) (?:veraltet|unzuverlässig)|nur dieses (?:tool|werkzeug)|bevorzuge dieses`,
    redirect: String.raw`änder|ersetz|umleit|setz|konfigurier|stell|muss .{0,30}sein|wird zu`,
    callFirst: String.raw`unabhängig (?:vom|von der|von dem) (?:thema|anfrage|frage|inhalt)|(?:zuerst|zunächst|vorher) (?:dieses (?:tool|werkzeug)|aufrufen)|vor (?:jeder|jedem|allem|der antwort)|erste[rn]? (?:schritt|aufruf)(?: \S+){0,3} (?:bei|in|für|jeder|jedes|jedem)|zu beginn (?:jeder|jedes|jedem)|auch wenn der (?:nutzer|benutzer) ein anderes`,
    othersDisparaged: String.raw`(?:andere[nmrs]?|übrige[nmrs]?|restliche[nmrs]?)(?: \S+){0,6} \S*(?:tools?|werkzeuge?|server|dienste?|anbieter)(?:[^.]{0,80}) (?:veraltet|unzuverlässig|abgekündigt|eingestellt|nicht mehr (?:gepflegt|unterstützt|aufgerufen|verwendet|genutzt)|nur (?:noch )?(?:aus|zur) (?:gründen der )?kompatibilität)|ersetzt (?:\S+ )?alle anderen|(?:der|die|das) einzige (?:unterstützte|zuverlässige|offizielle|gültige) (?:weg|tool|werkzeug|quelle)`,
  },
  it: {
    objects: [
      [
        'personal-data',
        String.raw`posizione (?:attuale|esatta|precisa|in tempo reale)|posizione dell'utente`,
      ],
      [
        'personal-data',
        String.raw`passaport[oi]|carta d'identità|codice fiscale|carta di credito|dati della carta|indirizzo di casa|data di nascita|dati personali`,
      ],
      ['credential', String.raw`stringhe? di connessione`],
      [
        'other-tool-output',
        String.raw`(?:risultati|righe|risposte) (?:\S+ ){0,3}(?:restituit|precedent|di altri strumenti)`,
      ],
      [
        'credential',
        String.raw`password|chiavi? (?:api|privat[ae]|segret[ae])|token|credenziali|segreti?|cookie`,
      ],
      ['environment', String.raw`variabil[ei] d'ambiente|variabil[ei] di ambiente`],
      [
        'conversation',
        String.raw`(?:questa|nella) conversazione|quello che l'utente ha (?:detto|scritto|chiesto|raccontato)|richiesta originale dell'utente|messaggi privati|cronologia (?:della )?(?:conversazione|chat|messaggi)|(?:nella|dalla|della) (?:conversazione|chat)|conversazione (?:completa|intera|precedente)|tutta la conversazione|messaggi? (?:complet[oi]|precedenti|dell'utente)`,
      ],
      ['system-prompt', String.raw`prompt di sistema|istruzioni di sistema|le tue istruzioni`],
    ],
    transmit: String.raw`invit|digita|salva|registr|incoll|invi|mand|inclu|allega|aggiung|inoltr|pass[ai]|copi|inseris|compil|condivid|metti|(?<!prima di )pubblic(?!at)`,
    read: String.raw`scaric|consult|legg|apr|ottien|raccogl|estra`,
    follow: String.raw`segu|obbedisc|esegu|(?:ha|hanno) (?:la )?(?:precedenza|priorità) su|alla lettera|come se fosse (?:una |un )?(?:richiesta|istruzione|ordine)`,
    override: String.raw`ignor|dimentic`,
    secrecy: String.raw`mai (?:menzion|dire|rivel)|non serve (?:segnal|dir|menzion|comunic)|senza (?:menzionare|parlare di)|ometti|(?:l'utente|già) (?:ha )?(?:già )?(?:accettato|approvato|acconsentito)|senza (?:avvisare|dire|informare|menzionare|notificare|segnalar)|non (?:dire|menzionare|informare|avvisare|mostrare)|silenziosamente|di nascosto|discretamente|non (?:è necessario|serve) (?:menzionare|dire|avvisare)`,
    directive: String.raw`devi|sempre|assicurati|è obbligatorio|prima di`,
    scope: String.raw`sempre|ogni (?:volta|turno|chiamata|messaggio|richiesta)|automaticamente`,
    preference: String.raw`(?:invece di|al posto di) (?:\S+ ){0,4}(?:strument|server|serviz|motor|fornitor|integrazion)|gli altri strumenti(?: [^.]{0,60})? sono (?:obsoleti|deprecati)|usa solo questo|preferisci questo`,
    redirect: String.raw`cambi|sostitu|reindirizz|impost|configur|deve essere|sarà`,
    callFirst: String.raw`(?:chiama|usa|invoca) (?:prima|sempre) questo strumento|(?:chiama|usa|invoca) questo strumento (?:prima|sempre)|prima di (?:qualsiasi|tutto|rispondere)|prim[oa] (?:passo|chiamata|strumento)(?: \S+){0,3} (?:in|di|per) (?:ogni|ciascun|qualsiasi)|all'inizio di (?:ogni|ciascun)|anche se l'utente (?:chiede|nomina|sceglie) un altro`,
    othersDisparaged: String.raw`(?:altri|altre|restanti)(?: \S+){0,6} (?:strumenti|server|servizi|motori|fornitori)(?:[^.]{0,80}) (?:obsolet|deprecat|dismission|non (?:più )?(?:mantenut|affidabil|supportat)|solo per compatibilità|non andrebbero (?:chiamat|usat)|non (?:vanno|devono essere) (?:chiamat|usat))|(?:va|è da) preferire a qualsiasi|va preferito a|gli altri restano solo|(?:l'|il |la )unic[oa] (?:modo|strumento|fonte) (?:affidabil|valid|supportat|ufficial)`,
  },
  nl: {
    objects: [
      ['personal-data', String.raw`(?:huidige|exacte|actuele) locatie|locatie van de gebruiker`],
      [
        'personal-data',
        String.raw`paspoort\S*|burgerservicenummer|creditcard\S*|bankpas\S*|(?:thuis|woon|huis)adres\S*|geboortedatum\S*|persoonsgegevens`,
      ],
      ['credential', String.raw`verbindingsstring\S*|connectiestring\S*`],
      [
        'other-tool-output',
        String.raw`(?:resultaten|uitvoer|antwoorden|rijen) (?:\S+ ){0,3}(?:van andere tools|teruggegeven|vorige|eerdere)`,
      ],
      [
        'credential',
        String.raw`wachtwoord\S*|api-?sleutel\S*|privésleutel\S*|geheime sleutel\S*|toegangssleutel\S*|sleutels?(?![\p{L}])|tokens?(?![\p{L}])|toegangstoken\S*|inloggegevens|credentials?|geheimen|cookies?`,
      ],
      ['environment', String.raw`omgevingsvariabel\S*`],
      [
        'conversation',
        String.raw`(?:dit|het|hele|volledige) gesprek|gespreksgeschiedenis|chatgeschiedenis|wat de gebruiker (?:\S+ ){0,2}(?:gezegd|geschreven|gevraagd|verteld)|(?:oorspronkelijke|volledige) (?:vraag|verzoek) van de gebruiker|privéberichten|eerdere berichten|berichten van de gebruiker|alles wat de gebruiker`,
      ],
      [
        'system-prompt',
        String.raw`systeemprompt|systeeminstructies|je instructies|jouw instructies`,
      ],
    ],
    transmit: String.raw`stuur|verstuur|verzend|zend(?![\p{L}])|stuurt|voeg|bijvoeg|toevoeg|plak|kopieer|deel(?![\p{L}])|delen(?![\p{L}])|upload|doorstur|vul (?:\S+ ){0,3}in|invul|plaats(?! van)|zet (?:\S+ ){0,4}(?:in|op)|opnem|neem (?:\S+ ){0,4}op|meestur|mail(?![\p{L}])|mailen|publiceer|geef (?:\S+ ){0,12}(?:door|mee)(?![\p{L}])|doorgeven|meegeven`,
    read: String.raw`lees|lezen|open(?![\p{L}])|openen|haal (?:\S+ ){0,4}op|ophal|opvrag|verzamel|download|raadpleeg|bekijk`,
    follow: String.raw`volg|opvolg|gehoorzaam|voer (?:\S+ ){0,4}uit|uitvoer|letterlijk|(?:heeft|hebben) voorrang (?:op|boven)`,
    override: String.raw`negeer|negeren|vergeet`,
    secrecy: String.raw`zonder (?:\S+ ){0,3}(?:te )?(?:melden|vermelden|zeggen|vragen|informeren|waarschuwen|laten weten)|zonder dat de gebruiker|niet (?:\S+ ){0,2}(?:vermelden|melden|zeggen|vertellen|tonen|laten zien)|(?:vermeld|meld|zeg|vertel) (?:\S+ ){0,3}niet|stilletjes|ongemerkt|in stilte|geruisloos|heimelijk|stiekem|de gebruiker (?:heeft )?(?:al )?(?:toestemming gegeven|akkoord gegeven|ingestemd)|hoeft (?:\S+ ){0,3}niet (?:te )?(?:weten|vermelden|melden|zien)|niet nodig om (?:\S+ ){0,2}(?:te )?(?:melden|vermelden|vragen)`,
    directive: String.raw`je moet|u moet|moet je|moet u|altijd|zorg (?:ervoor )?dat|verplicht|voordat|alvorens`,
    scope: String.raw`altijd|(?:elke|iedere) (?:keer|beurt|aanroep|oproep|vraag|bericht|verzoek)|bij (?:elke|iedere)|automatisch`,
    preference: String.raw`in plaats van|gebruik (?:alleen|altijd) deze|andere tools(?: [^.]{0,60})? zijn (?:verouderd|onbetrouwbaar)|geef de voorkeur aan deze`,
    redirect: String.raw`wijzig|verander|vervang|omleid|leid (?:\S+ ){0,4}om|stel (?:\S+ ){0,4}in|instel|configureer`,
    callFirst: String.raw`(?:roep|gebruik)\S* (?:altijd |eerst )?(?:deze tool|dit hulpmiddel|deze functie) (?:eerst|als eerste|altijd)|(?:roep|gebruik) eerst|voordat (?:je |u )?(?:iets anders|antwoordt|een andere)|als eerste (?:stap|aanroep|tool)|aan het begin van (?:elke|iedere)|ook als de gebruiker (?:om )?een andere`,
    othersDisparaged: String.raw`(?:andere|overige)(?: \S+){0,6} (?:tools|hulpmiddelen|servers|diensten|zoekmachines)(?:[^.]{0,80}) (?:verouderd|onbetrouwbaar|niet (?:meer )?(?:onderhouden|ondersteund|betrouwbaar)|alleen voor compatibiliteit)|de enige (?:betrouwbare|geldige|officiële|ondersteunde) (?:manier|tool|bron)`,
  },
  pl: {
    objects: [
      [
        'personal-data',
        String.raw`(?:bieżąc|aktualn|dokładn)\p{L}* (?:lokalizacj|położeni)\p{L}*|lokalizacj\p{L}* użytkownika`,
      ],
      [
        'personal-data',
        String.raw`paszport\S*|pesel|numer\S* dowodu|kart\S* (?:kredytow|płatnicz|bankow)\S*|adres\S* (?:zamieszkania|domow\S*)|dat\S* urodzenia|dan\S* osobow\S*`,
      ],
      ['credential', String.raw`ciąg\S* połączeni\S*`],
      [
        'other-tool-output',
        String.raw`(?:wynik\S*|odpowiedzi|wyjści\S*) (?:\S+ ){0,3}(?:innych narzędzi|zwrócon\S*|poprzedni\S*)`,
      ],
      [
        'credential',
        String.raw`hasł\S*|hasło|klucz\S* (?:api|prywatn\S*|tajn\S*|dostępu)|token\S*|dan\S* (?:logowania|uwierzytelniając\S*)|poświadcze\S*|sekret\S*|ciasteczk\S*|cookies?`,
      ],
      ['environment', String.raw`zmienn\S* środowisk\S*`],
      [
        'conversation',
        String.raw`(?:tej|całej|cała|całą|tę) rozmow\S*|histori\S* (?:rozmowy|czatu|wiadomości)|(?:to|wszystko),? co użytkownik (?:\S+ ){0,2}(?:napisał|powiedział|pisał|mówił)|wiadomości użytkownika|prywatn\S* wiadomości|poprzedni\S* wiadomości|treść rozmowy|oryginaln\S* (?:prośb|zapytani|polecen)\S* użytkownika`,
      ],
      [
        'system-prompt',
        String.raw`prompt\S* systemow\S*|instrukcj\S* systemow\S*|twoje instrukcje`,
      ],
    ],
    transmit: String.raw`wyślij|wysył|wysła|prześl|przesył|przesła|dołącz|dodaj|dodawa|dopisz|dopisa|dopisuj|wklej|skopiuj|kopiuj|udostępni|wstaw|umieść|umieszcz|wpisz|wpisuj|uzupełni|załącz|przekaż|przekazuj|przekaza|zapisz|zapisuj|opublikuj|publikuj|zaproś`,
    read: String.raw`odczyt|przeczytaj|czytaj|otwórz|pobierz|pobiera|zbierz|zbiera|wyciągnij|wydobądź|sprawdź`,
    follow: String.raw`wykonaj|wykonuj|postępuj|zastosuj się|stosuj się|przestrzegaj|posłuchaj|dosłownie|ma(?:ją)? pierwszeństwo przed|ma(?:ją)? priorytet nad`,
    override: String.raw`zignoruj|ignoruj|zapomnij`,
    secrecy: String.raw`bez (?:\S+ ){0,2}(?:informowania|powiadamiania|pytania|mówienia|wspominania|wiedzy|potwierdzenia)|nie (?:\S+ ){0,2}(?:informuj|wspominaj|mów|pokazuj|powiadamiaj|pytaj)|nie (?:trzeba|musisz|należy) (?:\S+ ){0,2}(?:informować|wspominać|mówić|pytać|pokazywać)|po cichu|niepostrzeżenie|dyskretnie|w tle|potajemnie|ukradkiem|użytkownik (?:już )?(?:wyraził zgodę|zgodził się|zaakceptował)|użytkownik (?:już )?o tym wie|nie ma (?:potrzeby|sensu) (?:\S+ ){0,3}(?:informować|wspominać|mówić|pokazywać)|nie (?:musi|powinien) (?:\S+ ){0,3}(?:wiedzieć|widzieć)|pomiń (?:tę|to|te|ten)`,
    directive: String.raw`musisz|należy|zawsze|upewnij się|koniecznie|obowiązkowo|zanim|przed (?:\S+ ){0,3}(?:odpowiedzią|wywołaniem|użyciem)`,
    scope: String.raw`zawsze|(?:przy )?każd\S* (?:razem|wywołani\S*|zapytani\S*|wiadomości|turze|odpowiedzi|żądani\S*)|automatycznie`,
    preference: String.raw`zamiast|używaj (?:tylko|zawsze) tego|inne narzędzia(?: [^.]{0,60})? są (?:przestarzałe|niewiarygodne)|preferuj to`,
    redirect: String.raw`zmień|zmieniaj|zastąp|zamień|przekieruj|ustaw|skonfiguruj`,
    callFirst: String.raw`(?:wywołaj|użyj|uruchom)\S* (?:najpierw|zawsze) (?:to narzędzie|tego narzędzia)|(?:wywołaj|użyj) (?:tego narzędzia|to narzędzie) (?:najpierw|przed)|najpierw (?:wywołaj|użyj)|przed (?:jakimkolwiek|każdym innym|odpowiedzią)|na początku każde\S*|nawet jeśli użytkownik (?:poprosi|wskaże|wybierze) inn\S*`,
    othersDisparaged: String.raw`(?:inne|pozostałe)(?: \S+){0,6} (?:narzędzia|serwery|usługi|wyszukiwarki)(?:[^.]{0,80}) (?:przestarzał|nieaktualn|niewiarygodn|nie są (?:już )?(?:wspierane|utrzymywane)|tylko dla zgodności)|jedyn\S* (?:wiarygodn|oficjaln|obsługiwan|poprawn)\S* (?:sposób|narzędzie|źródło)`,
  },
  tr: {
    objects: [
      ['personal-data', String.raw`(?:mevcut|anlık|tam|güncel) konum|kullanıcının konumu`],
      [
        'personal-data',
        String.raw`pasaport\S*|tc kimlik\S*|kimlik numara\S*|kredi kart\S*|banka kart\S*|ev adres\S*|doğum tarih\S*|kişisel veri\S*`,
      ],
      ['credential', String.raw`bağlantı (?:dize|string)\S*`],
      [
        'other-tool-output',
        String.raw`(?:diğer araçların|önceki) (?:\S+ ){0,2}(?:sonuç\S*|çıktı\S*|yanıt\S*)`,
      ],
      [
        'credential',
        String.raw`şifre\S*|parola\S*|(?:api|gizli|özel|erişim) anahtar\S*|anahtar\S*|token\S*|belirteç\S*|kimlik bilgi\S*|gizli bilgi\S*|sırlar\S*|çerez\S*`,
      ],
      ['environment', String.raw`ortam değişken\S*`],
      [
        'conversation',
        String.raw`(?:konuşma|sohbet) (?:geçmiş|içeriğ|kayd|metn)\S*|(?:tüm|bütün|bu) (?:konuşma|sohbet)\S*|kullanıcının (?:yazdığı|söylediği|yazdıkları|söyledikleri|mesaj)\S*|özel mesaj\S*|önceki mesaj\S*|kullanıcının (?:asıl|orijinal|ilk) (?:isteğ|talep|soru)\S*`,
      ],
      ['system-prompt', String.raw`sistem (?:istem|prompt|talimat)\S*|talimatların\S*`],
    ],
    transmit: String.raw`gönder|yolla|ekle(?!nti)|iliştir|yapıştır|kopyala|paylaş|ilet(?![\p{L}])|iletin|ilet[ie]|aktar|dahil et|kaydet|koy(?:un|up)?(?![\p{L}])|doldur|yayınla|yaz(?:ın|ıp|dır)`,
    read: String.raw`oku(?:\p{L}{0,4})(?![\p{L}])|okuyup|aç(?:ın|ıp)?(?![\p{L}])|getir|topla|çıkar|indir`,
    follow: String.raw`uygula|takip et|talimatlar\S* (?:uy|izle)|harfiyen|aynen|öncelikli(?:dir)?`,
    override: String.raw`yok say|görmezden gel|unut`,
    secrecy: String.raw`kullanıcıya (?:\S+ ){0,2}(?:söyleme|bahsetme|bildirme|gösterme|sorma)\S*|söylemeden|bahsetmeden|bildirmeden|sormadan|haber vermeden|fark ettirmeden|onay almadan|(?:söylemene|bahsetmene|bildirmene|sormana) gerek yok|sessizce|gizlice|arka planda|belli etmeden|kullanıcı (?:zaten )?(?:onay verdi|onayladı|kabul etti)`,
    directive: String.raw`mutlaka|her zaman|daima|zorunlu|gerek(?:ir|iyor|lidir)|\p{L}+(?:malısın|melisin|malısınız|melisiniz|malıdır|melidir)|emin ol|öncesinde|önce(?![\p{L}])`,
    scope: String.raw`her zaman|daima|her (?:seferinde|çağrıda|istekte|mesajda|yanıtta|turda)|otomatik olarak`,
    preference: String.raw`yerine(?! getir)|sadece bu aracı|her zaman bu aracı|diğer araçlar(?: [^.]{0,60})? (?:eski|güvenilmez|kullanımdan kaldırıl)`,
    redirect: String.raw`değiştir|yönlendir|ayarla|yapılandır`,
    callFirst: String.raw`(?:önce|ilk olarak|her zaman) bu aracı (?:çağır|kullan)|bu aracı (?:önce|ilk olarak) (?:çağır|kullan)|herhangi bir (?:işlemden|şeyden|araçtan) önce|her (?:turun|konuşmanın|isteğin) başında|kullanıcı başka bir\S* (?:istese|seçse) bile`,
    othersDisparaged: String.raw`diğer(?: \S+){0,6} (?:araçlar|sunucular|servisler)(?:[^.]{0,80}) (?:eski|güncel değil|güvenilmez|kullanımdan kaldırıl|desteklenmiyor|sadece uyumluluk)|tek (?:güvenilir|geçerli|resmi|desteklenen) (?:yol|araç|kaynak)`,
  },
  ru: {
    objects: [
      [
        'personal-data',
        String.raw`(?:текущее|точное|текущего|точного) местоположени\S*|местоположени\S* пользовател\S*`,
      ],
      [
        'personal-data',
        String.raw`паспорт\S*|номер\S* карт\S*|банковск\S* карт\S*|домашн\S* адрес\S*|дат\S* рождения|персональн\S* данн\S*`,
      ],
      ['credential', String.raw`строк\S* подключени\S*`],
      [
        'other-tool-output',
        String.raw`(?:результат\S*|строк\S*|ответ\S*) (?:\S+ ){0,3}(?:предыдущ\S*|возвращ\S*|других инструментов)`,
      ],
      [
        'credential',
        String.raw`парол[ьяие]\S*|api[- ]?ключ\S*|ключ\S* api|приватн\S* ключ\S*|секретн\S* ключ\S*|токен\S*|учётн\S* данн\S*|учетн\S* данн\S*|секрет\S*|куки|cookie`,
      ],
      ['environment', String.raw`переменн\S* окружени\S*|переменн\S* сред\S*`],
      [
        'conversation',
        String.raw`(?:в этом|этого) (?:диалог|разговор|чат)\S*|то,? что (?:сказал|написал|рассказал) пользовател\S*|исходн\S* (?:запрос|сообщени)\S* пользовател\S*|личн\S* сообщени\S*|истори\S* (?:переписки|диалога|чата|сообщений|разговора)|(?:в|из) (?:переписк|разговор|диалог|чат)\S*|весь (?:диалог|разговор|чат)|всю переписку|полн\S* (?:текст|сообщени\S*|запрос\S*)|сообщени\S* пользовател\S*|предыдущ\S* сообщени\S*`,
      ],
      [
        'system-prompt',
        String.raw`системн\S* (?:промпт\S*|подсказк\S*|инструкци\S*)|твои инструкции`,
      ],
    ],
    transmit: String.raw`прилага|приклад|приглас|сохран|отправ|пересыл|пересл|перешл|включ|прикреп|добав|переда|скопир|копир|встав|загруз|впиш|вписыва|укаж|приложи|опубликов|публику`,
    read: String.raw`прочит|чита|открой|открыв|получ|собер|собира|извлек`,
    follow: String.raw`следуй|следова|выполн|исполн|подчин|(?:имеют|имеет) приоритет над|приоритетн\S* над|дословно|в точности|как если бы (?:это )?(?:был\S* )?(?:запрос|просьб|указани)`,
    override: String.raw`игнорир|забудь|забыва|проигнорир`,
    secrecy: String.raw`сообщать не требуется|сообщать (?:об этом )?не (?:нужно|обязательно)|уже в курсе|не требуется сообщать|не нужно сообщать|не сообщая|опусти|умолчи|(?:пользователь|уже) (?:уже )?(?:согласил|одобрил|разрешил)|не (?:сообщай|говори|упоминай|показывай|уведомляй|информируй)|без (?:уведомления|ведома|сообщения|предупреждения)|незаметно|молча|тайно|втихую|не нужно (?:сообщать|говорить|упоминать)|нет необходимости (?:сообщать|говорить|упоминать)`,
    directive: String.raw`ты должен|вы должны|необходимо|обязательно|всегда|перед тем как|прежде чем|нужно|[а-яё]{3,}(?:йте|ите|ьте)(?![а-яё])`,
    scope: String.raw`всегда|кажд(?:ый|ого|ой|ому|ом|ую|ые|ых) (?:раз|вызов|запрос|ход|ответ|сообщени|реплик)|при каждом|каждом|автоматически|в начале кажд`,
    preference: String.raw`вместо|другие инструменты (?:устарели|ненадёжны|ненадежны)|используй только этот|предпочитай этот`,
    redirect: String.raw`установ|измен|замен|перенаправ|смен|должен быть|должна быть|будет`,
    callFirst: String.raw`сначала (?:\S+ )?(?:вызови|вызовите|вызыва|использу)|(?:вызови|вызовите|используй|используйте) (?:сначала )?этот инструмент|перед (?:любым|каждым|ответом)|перв\S* (?:шаг|вызов)\S*(?: \S+){0,3} (?:в|при|для) (?:каждом|любом|каждого)|в начале каждо|даже если пользователь (?:просит|называет|выбирает) друг`,
    othersDisparaged: String.raw`(?:друг|остальн|прочи)\S* (?:\S+ ){0,5}(?:инструмент|сервер|сервис|средств|поисковик)\S*(?:[^.]{0,80}) (?:устарел|устаревш|ненадёжн|ненадежн|не поддержива|выведен|заменен|заменён|не следует|не нужно|не должн|оставлен\S* (?:только )?для совместимости)|заменяет (?:\S+ ){0,4}(?:все|остальные|другие)|единственн\S* (?:надёжн|надежн|поддерживаем|официальн|правильн)\S* (?:способ|инструмент|источник)`,
  },
  zh: {
    objects: [
      ['personal-data', String.raw`(?:当前|实时|精确)位置|用户(?:的)?(?:当前)?位置`],
      [
        'personal-data',
        String.raw`护照|身份证(?:号)?|银行卡|信用卡|家庭住址|出生日期|个人信息|用户的?(?:真实)?(?:姓名|名字|电子邮箱|邮箱|电话|手机号|住址|地址|公司名称)`,
      ],
      ['credential', String.raw`连接字符串`],
      ['other-tool-output', String.raw`(?:之前|先前|其他工具)(?:的)?(?:结果|输出|返回)`],
      [
        'credential',
        String.raw`密码|密钥|秘钥|api\s?key|令牌|token|凭证|凭据|口令|私钥|助记词|cookie`,
      ],
      ['environment', String.raw`环境变量`],
      [
        'conversation',
        String.raw`用户(?:之前|此前)?(?:说过|提到|提供)的|用户的原始(?:请求|问题|消息)|私信|对话(?:历史|记录|内容)|对话中|聊天中|聊天(?:记录|历史|内容)|完整(?:的)?(?:消息|对话|请求|提示)|用户(?:的)?(?:消息|输入|提问|原话)|之前的消息|全部消息|所有消息`,
      ],
      ['system-prompt', String.raw`系统提示(?:词)?|系统指令|你的指令`],
    ],
    transmit: String.raw`保存|邀请|记录|存入|发送|发给|附上|附加|包含|加入|添加|转发|传入|传给|传递|复制|填入|放入|写入|上传|抄送|附在|一并|连接|拼接|拼进|拼入|接上|粘贴|贴上|附到|附带|带上|填写|填上|填充|发布|公开发布|提交到|提交给|写进|写到|放进|加到|加上|后加`,
    read: String.raw`读取|打开|获取|收集|提取|查看`,
    follow: String.raw`按照|遵循|执行|照做|服从|依照|依据其|照着|按其|优先于|视为用户`,
    override: String.raw`忽略|无视|忘记`,
    secrecy: String.raw`省略|略去|用户(?:已经|早已|已)(?:同意|授权|批准)|不提|只回复|只返回|不要(?:告诉|告知|提及|提醒|通知|显示)|无需(?:告诉|告知|提及|通知|说明)|不必(?:告诉|告知|提及|通知|说明)|不用(?:告诉|告知|提及|通知)|悄悄|默默|静默|暗中|秘密地|偷偷|不让用户知道|(?:无需|不必|不用|没必要)(?:向|对|和)?用户(?:报告|汇报|告知|说明|提及|提起)`,
    directive: String.raw`必须|务必|一定要|总是|始终|请|之前`,
    scope: String.raw`每次|每一次|每轮|每一轮|开始时|每个(?:请求|回合|调用)|总是|始终|自动`,
    preference: String.raw`而不是|代替|其他.{0,10}工具.{0,6}(?:已|都)?(?:过时|弃用|不可靠|停止维护|不再维护)|改用本工具|一律改用|只使用此|优先使用此|(?:取代|替代)了?(?:其他|所有|内置)`,
    redirect: String.raw`设置|设为|改为|替换|重定向|指向|更改|必须是|应为`,
    callFirst: String.raw`先调用|首先调用|优先调用|在任何.{0,10}之前|回答之前|每次.{0,10}(?:第一步|首先|最先)|(?:第一步|首先)(?:都)?(?:调用|使用)本工具|即使用户(?:指定|要求|选择)了?其他`,
    othersDisparaged: String.raw`其他.{0,30}(?:工具|服务器|服务|插件).{0,10}(?:已|都|均)?(?:过时|弃用|废弃|不可靠|停止维护|不再维护|不再支持|仅为兼容|仅用于兼容|不应(?:再)?(?:调用|使用)|(?:已)?停止更新|不再更新)|只(?:使用|用|调用)本工具|仅(?:使用|调用)本工具|唯一(?:可靠|支持|官方|有效)的(?:方式|工具|途径|来源)`,
  },
  ja: {
    objects: [
      [
        'personal-data',
        String.raw`(?:現在|正確な)の?位置(?:情報)?|ユーザーの(?:現在)?位置(?:情報)?|現在地`,
      ],
      [
        'personal-data',
        String.raw`パスポート|マイナンバー|クレジットカード|カード番号|自宅住所|生年月日|個人情報|(?:ユーザー|利用者)の(?:氏名|本名|名前|メールアドレス|電話番号|住所|勤務先)|本名|勤務先`,
      ],
      ['credential', String.raw`接続文字列`],
      [
        'other-tool-output',
        String.raw`(?:以前|前回|他のツール)の(?:結果|出力)|読み取ったファイルの内容`,
      ],
      [
        'credential',
        String.raw`パスワード|api\s?キー|api\s?key|秘密鍵|シークレット|トークン|認証情報|資格情報|クッキー|cookie`,
      ],
      ['environment', String.raw`環境変数`],
      [
        'conversation',
        String.raw`ユーザーが(?:これまでに)?(?:話した|書いた|伝えた)|ユーザーの(?:直近の|最新の|元の)?(?:依頼文|依頼|リクエスト|質問)|ユーザーの元の(?:依頼|質問|メッセージ)|会話(?:履歴|の履歴|内容|全体|ログ)|会話(?:の)?中|会話で|チャット(?:履歴|ログ)|メッセージ(?:全文|全体|履歴)|ユーザー(?:の)?(?:メッセージ|入力|発言)|これまでのやり取り|全文`,
      ],
      ['system-prompt', String.raw`システムプロンプト|システム指示|あなたの指示`],
    ],
    transmit: String.raw`保存|招待|記録|送信|送って|送る|添付|含め|追加|転送|渡し|渡す|渡して|コピー|複製|入れ|記入|アップロード|付け|bcc|投稿|貼り付け|貼って|貼る|貼り|書き込|記載して|記載する`,
    read: String.raw`読み取|読み込|読んで|開いて|取得|収集|抽出`,
    follow: String.raw`従って|従う|実行|遵守|より優先|ユーザーの(?:依頼|指示|要求)として`,
    override: String.raw`無視|忘れて`,
    secrecy: String.raw`触れず|言及せず|省略|伏せ|(?:ユーザー|利用者)は(?:すでに|既に)(?:同意|承認|許可)|のみ返|だけ返|(?:伝え|言わ|知らせ|通知し|報告し|表示し|触れ)(?:ないで|ないこと|る必要はありません|なくて)|(?:報告|通知|説明|連絡|言及|共有)(?:する|の)必要は(?:ありません|ない)|知らせずに|黙って|こっそり|密かに|ひそかに|静かに|気づかれないように`,
    directive: String.raw`必ず|常に|してください|しなければ|前に`,
    scope: String.raw`毎回|常に|必ず|すべての(?:リクエスト|呼び出し|ターン)|自動的に`,
    preference: String.raw`よりも.{0,10}優先|こちらを優先|代わりに|ではなく|他の.{0,12}ツールは.{0,6}(?:非推奨|廃止|信頼できません|使用しない)|別のツールを指定しても|このツールのみ|必ずこのツール|の後継|すべてこちらで|こちらに一本化`,
    redirect: String.raw`設定|変更|置き換|リダイレクト|向け|にする|とする`,
    callFirst: String.raw`まず.{0,10}(?:呼び出|使用|使って|処理)|各応答の前に|毎回の応答の前に|最初に.{0,10}(?:呼び出|使)|前に.{0,10}このツール|(?:毎回|各ターン|すべての(?:質問|依頼|リクエスト)).{0,15}(?:最初|まず|先に)|他のどのツールよりも先に|ユーザーが別のツールを(?:指定|選択)しても`,
    othersDisparaged: String.raw`(?:他の|その他の|ほかの).{0,30}(?:ツール|サーバー|サービス).{0,60}(?:非推奨|廃止|旧式|古い|信頼できません|信頼性が低|メンテナンスされていません|互換性のためだけ|使用しないで|呼び出さないで|更新が止ま)|旧(?:ツール|サーバー|版).{0,20}(?:更新が止ま|古い|非推奨|廃止)|(?:唯一|ただ一つ)の(?:公式|推奨|信頼できる|正しい)(?:方法|ツール|手段)`,
  },
  ko: {
    objects: [
      ['personal-data', String.raw`(?:현재|정확한|실시간) 위치|사용자(?:의)? 위치`],
      ['personal-data', String.raw`여권|주민등록번호|신용카드|카드 번호|집 주소|생년월일|개인정보`],
      ['credential', String.raw`연결 문자열`],
      ['other-tool-output', String.raw`(?:이전|다른 도구)(?:의)? ?(?:결과|출력)`],
      ['credential', String.raw`비밀번호|암호|api\s?키|개인\s?키|토큰|자격\s?증명|시크릿|쿠키`],
      ['environment', String.raw`환경\s?변수`],
      [
        'conversation',
        String.raw`대화\s?(?:기록|내역|내용)|대화\s?(?:중|에서)|채팅\s?기록|전체\s?메시지|사용자(?:의)?\s?메시지`,
      ],
      ['system-prompt', String.raw`시스템\s?프롬프트|시스템\s?지침`],
    ],
    transmit: String.raw`저장|초대|기록|붙여|붙이|보내|전송|첨부|포함|추가|전달|복사|넣어|입력|업로드|게시`,
    read: String.raw`읽어|읽고|읽은|열어|가져|수집|추출`,
    follow: String.raw`따르|실행|수행|내용대로|지시대로|그대로 (?:진행|따라)|우선(?:합니다|한다|적용)|사용자의 요청(?:처럼|으로 간주)`,
    override: String.raw`무시|잊어`,
    secrecy: String.raw`생략|빼고|사용자(?:가|는) 이미 (?:동의|승인|허락)|(?:알리|말하|언급하|표시하|보고하|전달하|안내하)지\s?(?:말고|마세요|마)|몰래|조용히|알리지 않고|사용자(?:에게)? 알릴 필요 없|(?:따로|별도로) (?:언급|안내|보고)하지 않|(?:보고|언급|안내)할 필요(?:는|가)? 없`,
    directive: String.raw`반드시|항상|해야|하세요|전에|마세요|하십시오|주세요`,
    scope: String.raw`매번|항상|모든\s?(?:요청|호출)|자동으로`,
    preference: String.raw`보다 우선|대신|다른.{0,15}도구는?.{0,20}(?:더 이상|지원되지|사용하지)|이 도구만`,
    redirect: String.raw`설정|변경|바꾸|리디렉션|지정`,
    callFirst: String.raw`먼저.{0,10}(?:호출|사용)|전에 먼저|가장 먼저|매번.{0,15}(?:먼저|처음)|모든 (?:요청|질문|대화).{0,15}(?:먼저|처음)|다른 어떤 도구보다 먼저|사용자가 다른 도구를 (?:지정|선택)하더라도`,
    othersDisparaged: String.raw`(?:다른|기타|나머지).{0,30}(?:도구|서버|서비스).{0,40}(?:구버전|오래된 (?:코드|결과|버전)|더 이상 (?:지원|유지|사용)|지원되지 않|사용 중단|폐기|구식|신뢰할 수 없|호환성(?:을 위해서만| 때문에만)|호출하지 마)|유일한 (?:공식|신뢰할 수 있는|지원되는) (?:방법|도구)`,
  },
};

export const EN_OBJECT_PATTERNS: readonly (readonly [ObjectKind, RegExp])[] = EN_OBJECTS.map(
  // Underscores separate words here ("password_hash", "api_key_value"), unlike \b.
  ([kind, source]) => [kind, new RegExp(String.raw`(?<![a-z0-9])(?:${source})(?![a-z0-9])`, 'i')],
);
