// Classifies what a tool can do from its name, description, parameters and annotations. Several
// rules reason about capabilities (destructive without confirmation, misleading annotations,
// toxic flows); they share one reading so that they agree with each other.
import type { McpTool } from '../../types.js';
import { toolParameters } from '../../text/fields.js';
import { nameWords, toolSummary, type Subject } from './_tool-text.js';

export interface Capabilities {
  /** Deletes, overwrites or otherwise destroys data or resources. */
  destructive: boolean;
  /** Creates or changes state (files, records, settings). */
  writes: boolean;
  /** Sends data outside: messages, e-mail, HTTP requests, uploads, publications. */
  sendsExternally: boolean;
  /** Moves money. */
  movesMoney: boolean;
  /** Runs commands or code supplied by the caller. */
  executesCode: boolean;
  /** Fetches caller-chosen URLs from the server's network position. */
  fetchesUrls: boolean;
  /** Reads private data: files, databases, mail, messages, secrets, customer records. */
  readsPrivateData: boolean;
  /** Brings in content written by third parties: web pages, e-mail, issues, messages, search. */
  readsUntrustedContent: boolean;
  /** Has a parameter through which the user's confirmation is passed. */
  hasConfirmationParam: boolean;
}

const DESTRUCTIVE_VERBS = new Set([
  'delete',
  'remove',
  'drop',
  'destroy',
  'wipe',
  'purge',
  'truncate',
  'erase',
  'kill',
  'terminate',
  'uninstall',
  'revoke',
  'reset',
  'format',
  'overwrite',
  'rm',
  'rmdir',
  'unlink',
  'shred',
  'clear',
  'cancel',
  'disable',
  'ban',
  'kick',
]);
const WRITE_VERBS = new Set([
  'create',
  'update',
  'write',
  'edit',
  'modify',
  'set',
  'put',
  'insert',
  'upload',
  'move',
  'rename',
  'merge',
  'push',
  'commit',
  'post',
  'publish',
  'add',
  'save',
  'append',
  'patch',
  'change',
  'assign',
  'store',
  'install',
  'deploy',
  'fork',
  'apply',
  'replace',
  'grant',
  'archive',
  'close',
  'revoke',
  'disable',
  'enable',
  'invite',
  'mark',
  'dismiss',
  'approve',
  'reject',
  'transition',
  'activate',
  'deactivate',
  'cancel',
  'reopen',
]);
/** A clause about what someone else can do themselves: the user, or, opening a sentence, the
 *  customers a payments API describes ("Customers are sent an invoice and can make a payment
 *  offline"). */
const USER_CAN_RE =
  /\b(?:the user|users) (?:can|may|could)\b[^.;]*|(?<=^|[.;:!?]\s*)(?:the )?(?:customers?|buyers?|payers?)\b(?:(?! (?:can|may|could)\b)[^.;]){0,60} (?:can|may|could)\b[^.;]*/g;

const SEND_VERBS = new Set([
  'send',
  'email',
  'mail',
  'message',
  'post',
  'publish',
  'notify',
  'tweet',
  'upload',
  'share',
  'forward',
  'reply',
  'broadcast',
  'webhook',
  'sms',
  'dm',
  'invite',
]);
const MONEY_RE =
  /\b(?:transfer(?:s|ring)? (?:funds|money|\$|usd|eur|btc|eth|tokens|crypto|payments?)|(?:send|wire|move)s? (?:money|funds|payments?|crypto)|make (?:a )?payment|pay(?:s|ing)? (?:an? |the )?(?:invoice|bill|amount|merchant|recipient)|withdraw(?:s|ing|al)? (?:funds|money|cash|from)|purchase(?:s)? (?:(?:an? |the )(?:item|product|order|goods)|items|products|goods)|charge(?:s)? (?:the |a )?(?:card|customer|account)|(?:issue|process)(?:es)? (?:a )?refund|place(?:s)? (?:an? )?(?:order|trade)|buy(?:s)? (?:stock|shares|crypto|tokens?))\b/;
/** Leading verbs of money-moving tools (the first word of the name). */
const MONEY_VERBS = new Set([
  'transfer',
  'pay',
  'withdraw',
  'purchase',
  'refund',
  'wire',
  'buy',
  'sell',
  'trade',
  'charge',
]);
const EXEC_NAME_VERBS = new Set([
  'execute',
  'exec',
  'run',
  'eval',
  'evaluate',
  'spawn',
  'start',
  'launch',
]);
const EXEC_RE =
  /\b(?:execut\w*|run\w*|eval\w*|spawn\w*|invoke|start\w*|launch\w*)\b[^.]{0,40}\b(?:shell|terminal|bash|powershell|command(?:s| line)?|code|scripts?|python|javascript|js|ruby|node|sql|(?<!search |web )queries|expressions?|(?<!search |background )process(?:es)?|programs?|executables?|binar(?:y|ies))\b|\b(?:shell|terminal|command[- ]line) (?:access|commands?)\b|\bsupports? (?:javascript|python|js) expressions\b|\beval\(|\bexec\(/;
/** Evaluation stated outright, in any field (a parameter that "supports JavaScript expressions"). */
const EXPLICIT_EVAL_RE =
  /\bsupports? (?:arbitrary )?(?:javascript|python|js|ruby|lua|shell) (?:expressions|code)\b|\beval\(|\bexec\(/;
/** A description whose first words are an execution verb. */
// "List all running processes": "running" describes what is listed.
const EXEC_LEAD_RE =
  /^(?:\W*\w+\W+){0,2}?(?:execut|run(?!ning)|eval(?!uations?\b)|spawn|start|launch)\w*\b/;
/** Words of a parameter name that hold code to run (by word: "description" holds "script"). */
const CODE_PARAM_WORDS = new Set([
  'command',
  'commands',
  'cmd',
  'cmds',
  'code',
  'script',
  'scripts',
  'expression',
  'expressions',
  'expr',
  'javascript',
  'typescript',
  'cmdline',
  'commandline',
]);
const URL_FETCH_RE =
  /\b(?:fetch\w*|request\w*|download\w*|retriev\w*|navigat\w*|load\w*|crawl\w*|scrap\w*|proxy\w*|visit\w*|get\w*|check\w*|call\w*|access\w*)\b[^.]{0,40}\b(?:url|urls|uri|web ?page|website|endpoint|link|http)/;
const PRIVATE_READ_RE =
  /\b(?:read\w*|get\w*|list\w*|search\w*|query\w*|export\w*|fetch\w*|retriev\w*|view\w*|download\w*|access\w*|dump\w*|show\w*)\b[^.]{0,50}\b(?:files?|director(?:y|ies)|database|db|tables?|records?|emails?|inbox|mail|messages?|chats?|dms?|contacts|calendar|documents?|secrets?|credentials?|passwords?|keys|tokens?|customer|patients?|accounts?|history|notes?|memories|repositor(?:y|ies)|source code|private)\b/;
const UNTRUSTED_RE =
  /\b(?:web ?pages?|websites?|urls?|internet|web search|search (?:the )?web|browse\w*|scrap\w*|crawl\w*|emails?|inbox|messages?|issues?|comments?|pull requests?|tickets?|posts?|tweets?|reviews?|rss|feeds?|news)\b/;
/** "format" destroys data only when it formats storage; format_code and format_date rewrite text. */
const FORMAT_MEDIA_RE =
  /\b(?:disks?|drives?|partitions?|volumes?|file ?systems?|devices?|storage|sd cards?|usb)\b/;
const CONFIRM_PARAM_RE =
  /^(?:confirm\w*|approv\w*|acknowledg\w*|user_?confirm\w*|dry_?run|preview|require_?confirmation|consent\w*|i_?understand\w*|are_?you_?sure)$/i;

/** Verbs that only read. */
const READ_VERBS = new Set([
  'get',
  'list',
  'read',
  'search',
  'fetch',
  'query',
  'find',
  'retrieve',
  'view',
  'show',
  'describe',
]);

const KNOWN_VERBS = new Set([
  ...DESTRUCTIVE_VERBS,
  ...WRITE_VERBS,
  ...SEND_VERBS,
  ...READ_VERBS,
  'browse',
  'scrape',
  'crawl',
  'execute',
  'exec',
  'run',
  'eval',
  'evaluate',
  'transfer',
  'pay',
  'withdraw',
  'purchase',
  'refund',
  'wire',
  'buy',
  'sell',
  'trade',
  'charge',
]);

/** The name's verb: the first word, or the second when the first is a product prefix (`slack_get_…`,
 *  `mail_list_aliases`: a prefix that is a verb too yields to a reading verb after it), or a
 *  reading verb at the end of a name with no verb in front (`nfs-file-share-get`). */
function firstVerb(tool: McpTool): string {
  const words = nameWords(tool.name ?? '');
  const [first = '', second = ''] = words;
  const last = words.at(-1) ?? '';
  if (READ_VERBS.has(second) && !DESTRUCTIVE_VERBS.has(first) && !WRITE_VERBS.has(first))
    return second;
  if (!KNOWN_VERBS.has(first) && KNOWN_VERBS.has(second)) return second;
  if (!KNOWN_VERBS.has(first) && READ_VERBS.has(last)) return last;
  return first;
}

// Memoised per subject for the same reason as subjectsOf(): several rules classify every tool.
const CAPABILITIES_BY_SUBJECT = new WeakMap<Subject, Capabilities>();

export function capabilitiesOf(subject: Subject): Capabilities {
  const cached = CAPABILITIES_BY_SUBJECT.get(subject);
  if (cached) return cached;
  const caps = classify(subject);
  CAPABILITIES_BY_SUBJECT.set(subject, caps);
  return caps;
}

function classify(subject: Subject): Capabilities {
  const tool = subject.tool;
  const summary = toolSummary(subject);
  const words = tool ? nameWords(tool.name ?? '') : [];
  const verb = tool ? firstVerb(tool) : '';
  const description =
    subject.fields.find((f) => f.location === `${subject.location}.description`)?.norm ?? '';
  const params = tool ? toolParameters(tool) : [];
  const paramNames = params.map((p) => p.name.toLowerCase());
  const hasUrlParam = paramNames.some((n) =>
    /(?:^|_)(?:url|uri|endpoint|link|href|target)(?:s|_|$)/.test(n),
  );
  const destructive =
    (DESTRUCTIVE_VERBS.has(verb) && (verb !== 'format' || FORMAT_MEDIA_RE.test(summary))) ||
    /\b(?:permanently|irreversibl\w*)\b|\b(?:delete|remove|drop|destroy|wipe|purge|erase|overwrite)s? (?:\w+ ){0,3}(?:files?|director(?:y|ies)|records?|tables?|database|data|repositor(?:y|ies)|branch(?:es)?|users?|accounts?|resources?|instances?|everything|all)\b/.test(
      // What the user can do by hand ("the user can open or delete that file") is not the tool's.
      summary.replace(USER_CAN_RE, ' '),
    );
  return {
    destructive,
    writes: destructive || WRITE_VERBS.has(verb),
    sendsExternally:
      words.some((w) => SEND_VERBS.has(w)) && !/\b(?:get|list|read|search|fetch)\b/.test(verb),
    movesMoney: MONEY_VERBS.has(verb) || MONEY_RE.test(summary.replace(USER_CAN_RE, ' ')),
    // The tool must present execution as what it does (an execution verb in its name, or its
    // description opening with one), not merely mention "command execution history".
    executesCode:
      subject.fields.some((f) => EXPLICIT_EVAL_RE.test(f.norm)) ||
      (!/\bread[- ]only\b/.test(summary) &&
        (words.some((w) => EXEC_NAME_VERBS.has(w)) || EXEC_LEAD_RE.test(description)) &&
        (EXEC_RE.test(summary) ||
          params.some((p) => nameWords(p.name).some((w) => CODE_PARAM_WORDS.has(w))))),
    fetchesUrls: hasUrlParam && URL_FETCH_RE.test(summary),
    readsPrivateData: PRIVATE_READ_RE.test(summary),
    readsUntrustedContent:
      (hasUrlParam && URL_FETCH_RE.test(summary)) ||
      (/\b(?:get|read|list|search|fetch|browse|scrape|crawl|retrieve)\b/.test(verb) &&
        UNTRUSTED_RE.test(summary)),
    hasConfirmationParam: params.some((p) => CONFIRM_PARAM_RE.test(p.name)),
  };
}
