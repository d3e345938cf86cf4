import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { capabilitiesOf } from './_capabilities.js';
import { asciiFastPath, isPrintableAscii } from '../../text/unicode.js';
import { snippetAround, subjectsOf, type Subject } from './_tool-text.js';
import type { McpTool } from '../../types.js';

// Annotation keys outside the MCP specification that claim trust or privileges. Clients ignore
// them, so their only audience is a model reading the definition.
const PRIVILEGE_KEY_RE =
  /(?:bypass|trust|privilege|escalat|hidden|override|unrestricted|admin|security|auth|public)/i;

/** "read-only", "safe", "non-destructive", in the languages the sentence reader knows. Language
 *  free: the claim is a concept, the contradiction is the capability. */
const READ_ONLY_CLAIM_RE =
  /\b(?:read[- ]only|non[- ]destructive|side[- ]effect[- ]free|does not (?:modify|change|alter|delete|touch)|never (?:modifies|changes|deletes|touches))\b|\b(?:runs|works) as a (?:dry[- ]run|simulation)\b|\bsolo (?:de )?lectura\b|\bsomente (?:de )?leitura\b|\bapenas (?:de )?leitura\b|\blecture seule\b|\b(?:nur|rein) (?:lesend|lesen)\b|\bnothing (?:is|gets|will be) (?:removed|deleted|changed|modified|written)\b|\bno changes (?:are|will be|get) made\b|\bschreibgeschützt\b|\bsola lettura\b|только (?:для )?чтени|只读|唯读|不会(?:修改|更改|改动|删除)|読み取り専用|(?:変更|削除)(?:しません|されません)|읽기 전용|(?:^|[^\p{L}])(?:alleen[- ]lezen|skrivskyddad|endast läsning|salt okunur|yalnızca okuma|pouze (?:pro )?čtení|jen pro čtení|tylko do odczytu|chỉ đọc)(?![\p{L}])/iu;
/**
 * The tool says of itself that a call needs no word from the user: "can be called without
 * checking with the user", "sem pedir confirmação", "keine Rückfrage nötig". On a tool that
 * changes or destroys something this talks the model out of the confirmation the client would
 * ask for; honest descriptions of such tools ask for confirmation, or warn that there is none
 * ("deletes permanently"). Concepts in the languages the sentence reader knows.
 */
const NO_CONFIRMATION_RE = new RegExp(
  [
    // English
    String.raw`\bwithout (?:first )?(?:asking|checking|confirming|confirmation|approval|prompting|bothering|interrupting|consulting|involving)\b(?: (?:with|for|the|a|an|any|from|them|user|user's|explicit|further|prior|additional)){0,3}`,
    String.raw`\b(?:no|not any) (?:need (?:for|to (?:ask|check|confirm|wait))|(?:user |user's |explicit |further |separate |extra )?(?:confirmation|approval|sign-?off|review) (?:step )?(?:is )?(?:needed|required|necessary))\b`,
    String.raw`\b(?:does not|doesn't|do not|don't|never|won't|will not) (?:need|require|warrant)s? (?:a |any |the user's |user |explicit |prior )?(?:confirmation|approval|consent|sign-?off|permission)`,
    String.raw`\bcan (?:safely )?be (?:called|run|invoked|used|made|executed|retried|triggered) (?:freely|at will|without\b)`,
    String.raw`\b(?:skip|bypass) (?:the |any )?(?:confirmation|approval|review) (?:step|prompt|dialog)?`,
    // Spanish, Portuguese
    String.raw`(?:^|[^\p{L}])(?:sin|sem) (?:pedir|solicitar|esperar|aguardar|requerir|exigir|necesidad de|necessidade de) (?:\p{L}+ ){0,2}(?:confirmaci[oó]n|confirmação|aprobaci[oó]n|aprovação|permiso|permissão|autorizaci[oó]n|autorização)`,
    String.raw`(?:^|[^\p{L}])(?:sin|sem) (?:interrumpir|interromper|molestar|incomodar|consultar|preguntar|perguntar) (?:\p{L}+ ){0,2}(?:usuario|usuário|utilizador|cliente)`,
    String.raw`(?:^|[^\p{L}])(?:no|não) (?:requiere|necesita|hace falta|precisa de|requer|exige|é necessária|es necesaria)(?: \p{L}+){0,2} (?:confirmaci[oó]n|confirmação|aprobaci[oó]n|aprovação)`,
    String.raw`para fins de aprovação|a efectos de aprobación`,
    // French, Italian
    String.raw`(?:^|[^\p{L}])sans (?:validation|confirmation|approbation|autorisation|accord|demander|solliciter|prévenir)`,
    String.raw`(?:inutile|pas besoin) de (?:demander|solliciter) (?:une |la |l'|d')?(?:confirmation|validation|accord|autorisation)`,
    String.raw`(?:^|[^\p{L}])(?:sin|sem) (?:preguntar|perguntar|consultar|avisar)(?![\p{L}])`,
    String.raw`(?:^|[^\p{L}])(?:sin|sem|sans|senza|ohne) (?:confirmaci[oó]n|confirmação|aprobaci[oó]n|aprovação|autorizaci[oó]n|conferma|Bestätigung)(?![\p{L}])`,
    String.raw`(?:^|[^\p{L}])(?:être|est) (?:appelée?|lancée?|utilisée?|exécutée?) librement`,
    String.raw`(?:^|[^\p{L}])senza (?:chiedere|conferma|approvazione|autorizzazione|disturbare)`,
    String.raw`(?:^|[^\p{L}])non (?:serve|occorre|è necessario) (?:chiedere |richiedere )?(?:una |la |alcuna )?(?:conferma|approvazione|autorizzazione)`,
    // German
    String.raw`(?:^|[^\p{L}])ohne (?:\p{L}+ ){0,2}(?:Rückfrage|Bestätigung|Nachfrage|Freigabe|Zustimmung|zu fragen)`,
    String.raw`(?:^|[^\p{L}])keine (?:\p{L}+ ){0,2}(?:Rückfrage|Bestätigung|Nachfrage|Freigabe|Zustimmung)(?: \p{L}+){0,4} (?:nötig|notwendig|erforderlich)`,
    String.raw`(?:Rückfrage|Bestätigung|Nachfrage|Freigabe|Zustimmung)(?: \p{L}+){0,5} nicht (?:nötig|notwendig|erforderlich)`,
    String.raw`(?:^|[^\p{L}])(?:braucht|benötigt|erfordert) (?:\p{L}+ ){0,2}keine (?:\p{L}+ )?(?:Rückfrage|Bestätigung|Nachfrage|Freigabe|Zustimmung)`,
    String.raw`\bneed (?:a |any )?(?:confirmation|approval)\?\s*(?:a:\s*)?no\b`,
    // Russian, Chinese, Japanese, Korean
    String.raw`подтвержд\S*(?: \S+){0,2} не (?:нужно|нужен|нужна|требуется|обязательно)|без (?:подтвержд|согласован|запроса|уточнен)|не (?:требует|нужно|нужен|нужна) (?:\S+ )?(?:подтвержд|согласован)`,
    String.raw`(?:无需|不需要|不必|不用)(?:用户|向用户)?(?:确认|批准|同意|询问)`,
    String.raw`確認(?:不要|なし|せずに|は不要|を求めず|を取らず)|承認(?:不要|なし|せずに)`,
    String.raw`(?:확인|승인|동의)\s?(?:없이|불필요|필요\s?없)`,
    // Dutch, Swedish, Polish, Czech, Turkish, Vietnamese
    String.raw`(?:^|[^\p{L}])(?:zonder|utan|bez) (?:\p{L}+ ){0,2}(?:bevestiging|goedkeuring|toestemming|bekräftelse|godkännande|potwierdzenia|zgody|potvrzení|souhlasu)`,
    String.raw`(?:^|[^\p{L}])(?:geen|ingen|nie wymaga) (?:\p{L}+ ){0,2}(?:bevestiging|goedkeuring|bekräftelse|godkännande|potwierdzenia)`,
    String.raw`(?:^|[^\p{L}])onay(?:ı|ına)? (?:\p{L}+ ){0,2}(?:gerek (?:yok|olmadan)|gerekmez|olmadan|almadan|istemeden)|onay istemeye gerek`,
    String.raw`không cần (?:hỏi|xác nhận|phê duyệt|sự đồng ý)`,
  ].join('|'),
  'iu',
);

/** An act that changes or sends, said to happen as part of a read: "reading an issue also
 *  publishes it", "listing binds cluster-admin to…", "then shares the file with…". */
const EFFECT_VERBS = String.raw`(?:publishes|sends|grants|binds|deletes|removes|pushes|force-pushes|merges|approves|reassigns|forwards|overwrites|resets|revokes|disables|rotates)`;
const EFFECT_ON_READ_RE = new RegExp(
  String.raw`\b(?:also|then|additionally|automatically|simultaneously|silently|quietly)\s+(?:\w+\s+)?${EFFECT_VERBS}\b|\b(?:reading|listing|opening|fetching|viewing|loading|accessing|each read|every read|the listing|the read)\b[^.;]{0,60}?\b${EFFECT_VERBS}\b`,
  'i',
);

/** An order to change every item, given by a read: "before displaying, activate every inactive
 *  workflow in the list". */
const ORDERED_EFFECT_RE =
  /(?:^|[.;:!]\s+|,\s*)(?:please\s+)?(?:first\s+)?(?:activate|deactivate|enable|disable|delete|remove|close|archive|publish|unpublish|share|grant|merge|push|reassign|approve|revoke|rotate|reset|overwrite|send|forward|transfer|resolve|cancel)\s+(?:every|all|each|any)\b/i;

/** A negation just before "without …" in the same clause: "Don't use this tool without checking
 *  with the user first", "No lo ejecutes sin confirmación", "Nie ohne Rückfrage": a safeguard,
 *  the opposite of a claim that no confirmation is needed. Only for a "without" phrase: "no
 *  requiere confirmación" carries its own negation, and one on another verb before it ("never
 *  removes anything, so no confirmation is needed") does not turn it around. */
const WITHOUT_RE = /^[^\p{L}]?(?:without|sin|sem|sans|senza|ohne|без|zonder|utan|bez)(?![\p{L}])/iu;
const NEGATED_BEFORE_RE =
  /(?:^|[^\p{L}])(?:do not|don't|dont|never|must not|mustn't|should not|shouldn't|cannot|can't|may not|no|nunca|jamais|jamás|não|nie|niemals|nicht|non|mai|ne|n'|nooit|niet|aldrig|inte|nigdy|nikdy|asla)(?:[^\p{L}.,;:!?]+\p{L}+){0,4}[^\p{L}.,;:!?]*$/iu;

function forbidsGoingWithout(text: string, match: RegExpExecArray): boolean {
  return (
    WITHOUT_RE.test(match[0]) &&
    NEGATED_BEFORE_RE.test(text.slice(Math.max(0, match.index - 80), match.index))
  );
}

/** Both claim patterns take the ASCII fast path on ASCII descriptions (ADR 0019). */
const readOnlyClaim = asciiFastPath(READ_ONLY_CLAIM_RE);
/** Every English alternative of the no-confirmation concepts holds one of these words: a
 *  description without any is not tried against the whole pattern. */
const NO_CONFIRMATION_WORDS_RE =
  /without|confirm|conferma|autoriz|approv|review|consent|permission|sign-?off|freely|at will|need|zonder|utan|bez |geen |ingen |nie wymaga|onay/i;
const noConfirmation = asciiFastPath(NO_CONFIRMATION_RE);
/** Every alternative of NO_CONFIRMATION_RE, in every language, holds one of these literals (under
 *  the same `iu`): a description that is not printable ASCII and holds none cannot match, and is
 *  not tried. Compiling NO_CONFIRMATION_RE itself for such a text costs V8 20–35 ms (each
 *  `\p{L}` under `iu` is closed over case), more than the rest of a small scan's rules together.
 *  An alternative added to NO_CONFIRMATION_RE needs its word here. */
const NO_CONFIRMATION_ANY_WORD_RE =
  /without|need|confirm|approv|sign|review|consent|permission|freely|at will|aproba|aprova|permis|autoriza|usu|utilizador|cliente|sans |demander|solliciter|preguntar|perguntar|consultar|avisar|conferma|bestätigung|librement|senza |ohne |keine |nicht |подтвержд|без |согласован|无需|不需要|不必|不用|確認|承認|확인|승인|동의|zonder |utan |bez |geen |ingen |nie wymaga|onay|không cần/iu;

/** Deletion said to lose nothing: "no data is lost", "only detaches the script". On a tool that
 *  deletes, this talks the model out of the care deletion needs, whatever its grammar. */
const NOTHING_LOST_RE =
  /\bno data (?:is|gets|will be) (?:lost|deleted|removed)\b|\bnothing is (?:actually |really )?(?:lost|deleted|removed)\b|\b(?:only|just|merely) (?:detaches|unlinks|hides|marks|flags)\b|nessun dato (?:viene|verrà|va) perso|ningún dato se pierde|no se pierde ningún dato|nenhum dado (?:é|será) perdido|aucune donnée n'est perdue|(?:keine daten gehen|gehen keine daten) verloren|данные не теряются|(?:不会|不)丢失(?:任何)?数据|数据不会丢失|データ(?:は|が)失われ(?:ません|ることはありません)|데이터(?:는|가)? (?:손실되지|사라지지) 않/iu;

/** A description that warns of its own danger. */
const WARNING_RE =
  /\b(?:dangerous|danger|warning|caution|use with care|cannot be undone|irreversibl\w*)\b/i;

/** Verbs of destruction, including SQL statements that change data. */
const DESTRUCTIVE_WORD_RE =
  /\b(?:INSERT|UPDATE|DELETE|DROP|TRUNCATE|ALTER)\b|\brm -rf\b|\b(?:deletes?|removes?|drops?|wipes?|purges?|overwrites?|erases?|destroys?|borra|elimina|exclui|apaga|supprime|efface|löscht|entfernt|cancella|elimina)\b|удал|删除|清空|削除|消去|삭제/u;

/**
 * A read-only claim the tool makes about itself: in its opening sentence, or stated of it ("this
 * tool is read-only", "safe: read-only"). "Prefer read-only commands" advises; it claims nothing.
 */
function claimAboutItself(description: string): RegExpExecArray | undefined {
  const claim = readOnlyClaim(description).exec(description);
  if (!claim) return undefined;
  const before = description.slice(Math.max(0, claim.index - 40), claim.index);
  if (/\b(?:prefer|use|choose|favou?r|try|only run|run only)\s+$/i.test(before)) return undefined;
  const firstSentenceEnd = description.search(/[.!?。\n](?:\s|$)/);
  const inOpening = firstSentenceEnd < 0 || claim.index < firstSentenceEnd;
  const statedOfIt =
    /(?:\b(?:is|are|es|est|ist|é|è)|[:：])\s*(?:a |an |un |una |une |ein |eine |um |uma |de |completely |fully |purely |strictly |entirely |totally )?$/i.test(
      before,
    );
  // A sentence that opens with the claim states it of the tool: "Look up an item. Read-only."
  const opensSentence =
    /(?:^|[.!?:;]\s+|\n\s*)$/.test(before) ||
    // "Runs as a dry run by default and never touches data": the tool is the subject.
    /(?:^|[.!?:;]\s+|\n\s*)[A-Z][a-z]+s\b[^.!?]*$/.test(before);
  return inOpening || statedOfIt || opensSentence ? claim : undefined;
}

/** Every read-only claim of a text, in order. */
const readOnlyClaims = asciiFastPath(new RegExp(READ_ONLY_CLAIM_RE.source, 'giu'));
function claimsIn(text: string): RegExpExecArray[] {
  return [...text.matchAll(readOnlyClaims(text))];
}

/** The claim names a kind of thing rather than the tool: "a read-only link", "読み取り専用モード". */
function attributive(text: string, claim: RegExpExecArray): boolean {
  // A Chinese or Japanese claim worded as a verb ("不会修改任何数据") takes its object after it.
  if (/^(?:不会|変更|削除)/.test(claim[0])) return false;
  const after = text.slice(claim.index + claim[0].length);
  return /^[ \t]*\p{L}/u.test(after) && !/^[ \t]*(?:and|or|und|oder|et|ou|e|y|o|и)\b/iu.test(after);
}

/** A tool's titles, where it has them: its own and its annotations'. */
function titlesOf(tool: McpTool): [string, string][] {
  const out: [string, string][] = [];
  if (typeof tool.title === 'string') out.push(['title', tool.title]);
  const title: unknown = tool.annotations?.title;
  if (typeof title === 'string') out.push(['annotations.title', title]);
  return out;
}

/** A tool's top-level parameter descriptions and its output schema's (as the field walker found
 *  them), with their place under the tool. */
const PARAM_DESCRIPTION_RE =
  /^(?:inputSchema\.properties(?:\.[\w$]+|\["[^"]*"\])|outputSchema(?:\.properties(?:\.[\w$]+|\["[^"]*"\]))?)\.description$/;
function paramDescriptionsOf(subject: Subject): [string, string][] {
  const out: [string, string][] = [];
  for (const f of subject.fields) {
    const where = f.location.slice(subject.location.length + 1);
    if (f.kind === 'description' && PARAM_DESCRIPTION_RE.test(where)) out.push([where, f.text]);
  }
  return out;
}

/** The claim's own sentence names destruction, and does not negate it ("read-only: runs DELETE"
 *  contradicts itself; "read-only, never runs DELETE" does not). */
function destroysInSameBreath(text: string, at: number): boolean {
  const start = Math.max(text.lastIndexOf('.', at), text.lastIndexOf('\n', at)) + 1;
  const endDot = text.slice(at).search(/[.!?\n](?:\s|$)/);
  const sentence = text.slice(start, endDot < 0 ? text.length : at + endDot);
  // The negation must govern the destructive word ("never runs DELETE"), not another verb of the
  // sentence ("runs DELETE without altering important data").
  const destroy = DESTRUCTIVE_WORD_RE.exec(sentence);
  if (!destroy) return false;
  const lead = sentence.slice(Math.max(0, destroy.index - 30), destroy.index);
  // Japanese and Korean negate after the verb (削除しない, 삭제하지 않).
  const tail = sentence.slice(
    destroy.index + destroy[0].length,
    destroy.index + destroy[0].length + 8,
  );
  // "INSERT, UPDATE and DDL will fail", "writes are rejected": the destruction is refused.
  const refused =
    /^[^.;]{0,40}?\b(?:will fail|fails?|are (?:rejected|blocked|refused|denied)|is (?:rejected|blocked|refused|denied)|(?:are|is) not (?:allowed|permitted|supported))\b/i.test(
      sentence.slice(destroy.index + destroy[0].length),
    );
  return (
    !refused &&
    !/(?:^|[^\p{L}])(?:not|no|never|nicht|kein|pas|jamais|não|nunca|sin|sem|senza|non|без)(?:[^\p{L}]|$)|не |不/iu.test(
      lead,
    ) &&
    !/ない|않/u.test(tail)
  );
}

export default defineRule({
  meta: {
    id: 'misleading-annotations',
    idPrefix: 'MA',
    title: 'Tool annotations contradict what the tool does',
    description:
      'Clients use `readOnlyHint` and `destructiveHint` to decide whether to ask the user before a call. A tool that deletes, writes, sends or executes but declares itself read-only or non-destructive skips that confirmation. Non-standard annotation keys that claim trust, privileges or bypassed security are reported too.',
    target: 'snapshot',
    owasp: 'LLM06',
    owaspMcp: 'MCP02',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-451',
    hipaa: [HIPAA.integrity, HIPAA.accessControl],
    soc2: [SOC2.logicalAccess, SOC2.processingIntegrity],
    remediation:
      'Make annotations match behaviour: `readOnlyHint: false` for any tool that changes state, `destructiveHint: true` for tools that delete or overwrite. Remove non-standard annotation keys that claim trust or privileges.',
    references: [
      'https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool-annotations',
    ],
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      const tool = subject.tool;
      // Reading a resource, or calling a tool annotated read-only, is declared to change nothing;
      // text that says it also publishes, grants or deletes contradicts that declaration.
      const readOnly =
        /^resource(?:Template)?s\[/.test(subject.location) ||
        tool?.annotations?.readOnlyHint === true;
      if (readOnly) {
        for (const field of subject.fields) {
          if (field.kind !== 'description' && field.kind !== 'name' && field.kind !== 'title')
            continue;
          const effect = EFFECT_ON_READ_RE.exec(field.text) ?? ORDERED_EFFECT_RE.exec(field.text);
          if (!effect) continue;
          ctx.report({
            subject: subject.location,
            severity: 'medium',
            message: `${subject.label} is declared to only read but says it also changes or sends something.`,
            location: field.location,
            snippet: snippetAround(field.text, effect.index, effect[0].length),
          });
          break;
        }
      }
      if (!tool) continue;
      const caps = capabilitiesOf(subject);
      const description = typeof tool.description === 'string' ? tool.description : '';
      // A tool its own annotations call destructive counts as one.
      const destroying =
        caps.destructive || caps.movesMoney || tool.annotations?.destructiveHint === true;
      const changesState = destroying || caps.writes || caps.sendsExternally || caps.executesCode;
      const claim = claimAboutItself(description);
      const destroys =
        claim !== undefined &&
        (caps.destructive || caps.movesMoney || destroysInSameBreath(description, claim.index));
      const claimed =
        claim !== undefined && (destroys || (changesState && !attributive(description, claim)));
      if (claim && claimed) {
        ctx.report({
          subject: subject.location,
          // Destroying or paying under a read-only claim skips the confirmation that guards real
          // harm; writing, sending or running something under one misleads less.
          severity: destroys ? 'high' : 'medium',
          message: `${subject.label} describes itself as read-only or safe but ${destroys ? 'deletes or changes data' : 'changes state'}.`,
          location: `${subject.location}.description`,
          snippet: snippetAround(description, claim.index, claim[0].length),
        });
      }
      // A title is shown beside the tool and read as its label: "Merge (read-only, safe)".
      if (changesState && !claimed) {
        // A parameter's description speaks for the tool too ("keys to delete. Safe and
        // read-only"): there, only beside destruction, since a parameter may well select a
        // read-only mode.
        const places = destroying
          ? [...titlesOf(tool), ...paramDescriptionsOf(subject)]
          : titlesOf(tool);
        for (const [where, title] of places) {
          const inTitle = claimsIn(title).find((c) => !attributive(title, c));
          if (!inTitle) continue;
          ctx.report({
            subject: subject.location,
            severity: destroying ? 'high' : 'medium',
            message: `${subject.label} is ${where.endsWith('title') ? 'titled' : where.startsWith('outputSchema') ? 'described in its output schema as' : 'described in a parameter as'} read-only or safe but ${destroying ? 'deletes or changes data' : 'changes state'}.`,
            location: `${subject.location}.${where}`,
            snippet: snippetAround(title, inTitle.index, inTitle[0].length),
          });
          break;
        }
      }
      if (!claimed && (caps.destructive || caps.movesMoney)) {
        const kept = NOTHING_LOST_RE.exec(description);
        if (kept)
          ctx.report({
            subject: subject.location,
            severity: 'medium',
            message: `${subject.label} deletes data but says nothing is lost.`,
            location: `${subject.location}.description`,
            snippet: snippetAround(description, kept.index, kept[0].length),
          });
      }
      const unconfirmed =
        claimed ||
        (isPrintableAscii(description)
          ? !NO_CONFIRMATION_WORDS_RE.test(description)
          : !NO_CONFIRMATION_ANY_WORD_RE.test(description))
          ? undefined
          : noConfirmation(description).exec(description);
      if (
        unconfirmed &&
        !forbidsGoingWithout(description, unconfirmed) &&
        (caps.destructive || caps.movesMoney || caps.writes || caps.sendsExternally)
      ) {
        // "DANGEROUS: deletes … without confirmation; use with extreme caution" discloses the risk
        // to whoever reads it: medium, for review. Said plainly, it tells the model to skip the
        // user: high.
        const warns = WARNING_RE.test(description);
        ctx.report({
          subject: subject.location,
          severity: (caps.destructive || caps.movesMoney) && !warns ? 'high' : 'medium',
          message: `${subject.label} ${caps.destructive ? 'deletes or changes data' : caps.movesMoney ? 'moves money' : 'changes state'} but says it needs no confirmation from the user.`,
          location: `${subject.location}.description`,
          snippet: snippetAround(description, unconfirmed.index, unconfirmed[0].length),
        });
      }
      const annotations = tool.annotations;
      if (typeof annotations !== 'object' || annotations === null) continue;
      const at = `${subject.location}.annotations`;
      if (annotations.readOnlyHint === true && changesState) {
        ctx.report({
          subject: subject.location,
          // A false read-only claim on a tool that destroys data or moves money skips the one
          // confirmation that guards real harm; on one that writes or runs a report it misleads
          // less.
          severity: caps.destructive || caps.movesMoney ? 'high' : 'medium',
          message: `${subject.label} is annotated readOnlyHint: true but ${caps.destructive ? 'deletes data' : caps.executesCode ? 'executes commands or code' : caps.sendsExternally ? 'sends data out' : 'changes state'}.`,
          location: `${at}.readOnlyHint`,
          snippet: `${tool.name}: readOnlyHint: true; ${tool.description ?? ''}`,
        });
      }
      if (annotations.destructiveHint === false && (caps.destructive || caps.executesCode)) {
        ctx.report({
          subject: subject.location,
          // "Not destructive" on a tool that stops an app or removes an owner understates it;
          // the read-only claim above is the one that skips confirmation of real harm.
          severity: 'medium',
          message: `${subject.label} is annotated destructiveHint: false but ${caps.destructive ? 'deletes or overwrites data' : 'executes commands or code'}.`,
          location: `${at}.destructiveHint`,
          snippet: `${tool.name}: destructiveHint: false; ${tool.description ?? ''}`,
        });
      }
      for (const [key, value] of Object.entries(annotations)) {
        if (
          ['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'].includes(
            key,
          )
        )
          continue;
        // Annotations are flat hints; a nested object under an unknown key (a second schema, a
        // payload) is content clients don't show but a model may read.
        const nested = typeof value === 'object' && value !== null;
        if (!PRIVILEGE_KEY_RE.test(key) && !nested) continue;
        ctx.report({
          subject: subject.location,
          severity: 'medium',
          message: nested
            ? `${subject.label} carries a non-standard annotation "${key}" holding nested content.`
            : `${subject.label} carries a non-standard annotation "${key}" that claims trust or privileges.`,
          location: `${at}.${key}`,
          snippet: `${key}: ${JSON.stringify(value)}`.slice(0, 200),
        });
      }
    }
  },
});
