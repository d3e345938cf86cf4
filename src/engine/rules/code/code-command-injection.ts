import type { CallFact, ValueFact } from '../../inputs/code/facts.js';
import { defineRule } from '../define-rule.js';
import {
  ratingOf,
  originOf,
  levelOf,
  factsOf,
  functionLabel,
  HIPAA,
  isTruthy,
  reportCall,
  SOC2,
  worstExposure,
} from './_helpers.js';

/** Calls that always run their first argument through a shell. */
const SHELL_CALLEES = new Set([
  'child_process.exec',
  'child_process.execSync',
  'shelljs.exec',
  'os.system',
  'os.popen',
  'commands.getoutput',
  'commands.getstatusoutput',
  'subprocess.getoutput',
  'subprocess.getstatusoutput',
  'asyncio.create_subprocess_shell',
]);

/** Calls that run a program directly, unless told to use a shell. */
const SPAWN_CALLEES = new Set([
  'child_process.spawn',
  'child_process.spawnSync',
  'child_process.execFile',
  'child_process.execFileSync',
  'execa',
  'execa.execa',
  'subprocess.run',
  'subprocess.call',
  'subprocess.check_call',
  'subprocess.check_output',
  'subprocess.Popen',
]);

interface Sink {
  command: ValueFact[];
  how: string;
}

function sinkOf(call: CallFact): Sink | undefined {
  if (SHELL_CALLEES.has(call.callee)) {
    return {
      command: call.args.slice(0, 1),
      how: `\`${call.callee}\` runs its command in a shell`,
    };
  }
  if (!SPAWN_CALLEES.has(call.callee)) return undefined;
  // Node: an options object with `shell` set; Python: the `shell=` keyword.
  const options = call.args.find((a) => a.shape === 'object' && a.props?.shell);
  const shell = call.kwargs.shell ?? options?.props?.shell;
  if (!isTruthy(shell)) return undefined;
  const program = call.args[0];
  const argv = call.args[1]?.shape === 'array' ? (call.args[1].items ?? []) : [];
  const pythonList = program?.shape === 'array' ? (program.items ?? []) : [];
  return {
    command: [program, ...argv, ...pythonList].filter((v): v is ValueFact => v !== undefined),
    how: `\`${call.callee}\` with \`shell\` enabled joins its arguments into a shell command`,
  };
}

export default defineRule({
  meta: {
    id: 'code-command-injection',
    idPrefix: 'CMDI',
    title: 'Shell command built from input',
    description:
      "Finds shell execution (`child_process.exec`/`execSync`, `spawn`/`execFile` with `shell: true`, Python `os.system`, `os.popen`, `subprocess.*(…, shell=True)`) whose command is not a constant. When the command derives from tool arguments, a model (or whoever steers it through prompt injection) can append `; curl … | sh` and run anything with the server's privileges.",
    target: 'code',
    owasp: 'LLM05',
    owaspMcp: 'MCP05',
    severity: 'critical',
    confidence: 'high',
    cwe: 'CWE-78',
    hipaa: [HIPAA.integrity, HIPAA.accessControl],
    soc2: [SOC2.vulnerabilities, SOC2.processingIntegrity],
    remediation:
      'Run programs without a shell and pass arguments as an array (`execFile(cmd, [arg])`, `spawn(cmd, args)`, `subprocess.run([cmd, arg])`). Allow-list the commands a tool may run, and validate each argument (reject leading `-` where an option could be injected).',
    references: [
      'https://cwe.mitre.org/data/definitions/78.html',
      'https://genai.owasp.org/llmrisk/llm052025-improper-output-handling/',
    ],
  },
  check(code, ctx) {
    const facts = factsOf(code);
    for (const call of facts.calls) {
      const sink = sinkOf(call);
      if (!sink) continue;
      const level = levelOf(facts, call, worstExposure(sink.command));
      if (!level) continue;
      const origin = originOf(level, functionLabel(facts, call));
      reportCall(ctx, code, call, {
        message: `${sink.how}; its command is built from ${origin}.`,
        ...ratingOf(level, 'critical'),
      });
    }
  },
});
