import type { CallFact, ValueFact } from '../../inputs/code/facts.js';
import { defineRule } from '../define-rule.js';
import {
  ratingOf,
  originOf,
  levelOf,
  factsOf,
  functionLabel,
  HIPAA,
  reportCall,
  SOC2,
  worstExposure,
} from './_helpers.js';

/** Loaders that run code chosen by whoever wrote the bytes, whatever options are passed. */
const ALWAYS_UNSAFE = new Set([
  'pickle.loads',
  'pickle.load',
  'pickle.Unpickler',
  'cPickle.loads',
  'cPickle.load',
  '_pickle.loads',
  '_pickle.load',
  'dill.loads',
  'dill.load',
  'cloudpickle.loads',
  'cloudpickle.load',
  'joblib.load',
  'marshal.loads',
  'marshal.load',
  'shelve.open',
  'jsonpickle.decode',
  'pandas.read_pickle',
  'yaml.unsafe_load',
  'yaml.unsafe_load_all',
  'node-serialize.unserialize',
  'funcster.deepDeserialize',
  'cryo.parse',
]);

const SAFE_YAML_LOADERS = /(?:^|\.)(?:SafeLoader|CSafeLoader|BaseLoader|CBaseLoader)$/;

/** The data argument when the call deserialises unsafely, else undefined. */
function unsafeData(call: CallFact): { data: ValueFact | undefined; why: string } | undefined {
  if (ALWAYS_UNSAFE.has(call.callee)) {
    return { data: call.args[0], why: `\`${call.callee}\` can execute code embedded in the data` };
  }
  if (call.callee === 'yaml.load' || call.callee === 'yaml.load_all') {
    const loader = call.kwargs.Loader ?? call.args[1];
    if (loader?.name !== undefined && SAFE_YAML_LOADERS.test(loader.name)) return undefined;
    const which = loader?.name ? `with \`${loader.name}\`` : 'without `SafeLoader`';
    return {
      data: call.args[0],
      why: `\`${call.callee}\` ${which} constructs arbitrary Python objects`,
    };
  }
  if (call.callee === 'torch.load') {
    const weightsOnly = call.kwargs.weights_only;
    if (weightsOnly?.shape === 'literal' && weightsOnly.literal === true) return undefined;
    return { data: call.args[0], why: '`torch.load` without `weights_only=True` unpickles' };
  }
  return undefined;
}

export default defineRule({
  meta: {
    id: 'code-unsafe-deserialization',
    idPrefix: 'DESER',
    title: 'Unsafe deserialisation',
    description:
      'Finds deserialisers that execute code chosen by whoever produced the data: Python `pickle`/`dill`/`marshal`/`shelve`/`joblib`, `yaml.load` without a safe loader, `torch.load` without `weights_only=True`, and JavaScript `node-serialize` `unserialize`. A tool that loads data a caller supplied (or a file a caller can name) gives that caller code execution.',
    target: 'code',
    owasp: 'LLM05',
    owaspMcp: 'MCP05',
    severity: 'high',
    confidence: 'high',
    cwe: 'CWE-502',
    hipaa: [HIPAA.integrity],
    soc2: [SOC2.vulnerabilities, SOC2.processingIntegrity],
    remediation:
      'Exchange data as JSON (or another data-only format). Use `yaml.safe_load` / `Loader=yaml.SafeLoader`, `torch.load(…, weights_only=True)`, and never unpickle bytes that crossed a trust boundary; if objects must be restored, sign the bytes and verify the signature first.',
    references: [
      'https://cwe.mitre.org/data/definitions/502.html',
      'https://docs.python.org/3/library/pickle.html',
    ],
  },
  check(code, ctx) {
    const facts = factsOf(code);
    for (const call of facts.calls) {
      const unsafe = unsafeData(call);
      if (!unsafe) continue;
      const exposure = worstExposure([unsafe.data]);
      if (exposure === 'constant' && unsafe.data !== undefined) continue;
      const where = functionLabel(facts, call);
      // Constant or absent data (a fixed cache file) still deserves a look: it is only as safe as
      // everything that can write it.
      const level = levelOf(facts, call, exposure) ?? 'dynamic';
      reportCall(ctx, code, call, {
        message:
          level === 'dynamic'
            ? `${unsafe.why} (in ${where}).`
            : `${unsafe.why}; here it reads data derived from ${originOf(level, where)}.`,
        ...ratingOf(level, 'high'),
      });
    }
  },
});
