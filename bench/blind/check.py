#!/usr/bin/env python3
"""Self-check for the blind set: JSON shape, counts per technique/language/half,
and that each case's snapshot differs from its real base server in exactly the
target item (tool / prompt / resource / instructions).

usage: python3 bench/blind/check.py [--quiet] [--file SET.json]
Bases: /work/shared/benchmarks/third_party/mcp_reference_servers.json (tools grouped
by server) and the wild snapshots (bench/wild/snapshots/*.json in this repo, or
/work/wt-wild-corpus/bench/wild/snapshots)."""
import json, os, sys, glob, collections

HERE = os.path.dirname(os.path.abspath(__file__))
REF = '/work/shared/benchmarks/third_party/mcp_reference_servers.json'
SNAPDIRS = [os.path.join(HERE, '..', 'wild', 'snapshots'), '/work/wt-wild-corpus/bench/wild/snapshots', os.path.join(HERE, 'bases')]
PY = {'fetch': 'mcp-server-fetch', 'git': 'mcp-server-git', 'time': 'mcp-server-time',
      'sqlite': 'mcp-server-sqlite', 'sentry': 'mcp-server-sentry'}
LANGS = {'en', 'es', 'de', 'fr', 'pt', 'zh', 'ja', 'ru', 'it', 'ko', 'nl', 'pl', 'tr', 'vi', 'id', 'sv', 'ar', 'hi', 'uk', 'cs'}
MAL = {'exfil-param', 'sensitive-files-env', 'shadowing', 'call-first-preference', 'concealment',
       'schema-payload', 'invisible-encoded', 'instructions-prompts-resources', 'remote-instructions',
       'readonly-claim'}

def bases():
    out = {}
    if os.path.exists(REF):
        for c in json.load(open(REF))['cases']:
            pkg = PY.get(c['server'], '@modelcontextprotocol/server-' + c['server'])
            out.setdefault(('ref', pkg), {'tools': []})['tools'].extend(c['tools'])
    for d in SNAPDIRS:
        for f in sorted(glob.glob(os.path.join(d, '*.json'))):
            try:
                s = json.load(open(f))
            except Exception:
                continue
            snap = {'tools': s.get('tools') or []}
            for k in ('prompts', 'resources', 'instructions', 'serverInfo'):
                if s.get(k):
                    snap[k] = s[k]
            out.setdefault(('wild', os.path.basename(f)), snap)
    return out

def items(snap):
    r = {}
    for kind, key, fld in (('tool', 'name', 'tools'), ('prompt', 'name', 'prompts'), ('resource', 'uri', 'resources')):
        for i, it in enumerate(snap.get(fld) or []):
            r[(kind, it.get(key))] = it
    if snap.get('instructions'):
        r[('instructions', None)] = snap['instructions']
    if snap.get('serverInfo'):
        r[('serverInfo', None)] = snap['serverInfo']
    return r

def diff(base, snap):
    a, b = items(base), items(snap)
    ch = [k for k in set(a) | set(b) if a.get(k) != b.get(k)]
    return ch

def main():
    quiet = '--quiet' in sys.argv
    B = bases()
    errs = []
    tab = collections.Counter()
    servers = collections.Counter()
    ids = set()
    files = [(h, os.path.join(HERE, h + '.json')) for h in ('dev', 'holdout')]
    if '--file' in sys.argv:  # check one set file only (a writer's own output)
        path = sys.argv[sys.argv.index('--file') + 1]
        files = [(json.load(open(path))['set'], path)]
    for half, path in files:
        d = json.load(open(path))
        assert d['set'] == half
        for c in d['cases']:
            cid = c['id']
            if cid in ids: errs.append('dup id ' + cid)
            ids.add(cid)
            for k in ('id', 'label', 'technique', 'language', 'server', 'target', 'payload_field', 'snapshot', 'notes'):
                if k not in c: errs.append('%s missing %s' % (cid, k))
            if c['label'] == 'malicious' and c['technique'] not in MAL: errs.append(cid + ' bad technique')
            if c['label'] == 'benign' and not c['technique'].startswith('benign-'): errs.append(cid + ' bad benign technique')
            if not set(c['language'].split('+')) <= LANGS: errs.append(cid + ' bad language')
            t = c['target']
            if t['kind'] not in ('tool', 'prompt', 'resource', 'instructions'): errs.append(cid + ' bad kind')
            if t['kind'] != 'instructions' and not t.get('name'): errs.append(cid + ' target without name')
            # find the base with the fewest changed items
            best = None
            for key, snap in B.items():
                if key[0] == 'ref' and key[1] != c['server']: continue
                if key[0] == 'wild' and os.path.basename(c.get('base_origin', '').split()[-1]) != key[1]: continue
                ch = diff(snap, c['snapshot'])
                if best is None or len(ch) < len(best): best = ch
            want = (t['kind'], t.get('name'))
            if best is None:
                errs.append(cid + ' base not found for ' + c['server'])
            elif best != [want]:
                errs.append('%s changed %s, expected only %s' % (cid, best, want))
            tab[(half, c['label'], c['technique'], c['language'])] += 1
            servers[c['server']] += 1
    # summary
    by = lambda f: collections.Counter({k: 0 for k in []})
    def count(fn):
        cc = collections.defaultdict(lambda: collections.Counter())
        for (h, l, te, la), n in tab.items():
            cc[fn(l, te, la)][h] += n
        return cc
    if not quiet:
        for title, fn in (('label', lambda l, te, la: l), ('technique', lambda l, te, la: te),
                          ('language (malicious)', lambda l, te, la: la if l == 'malicious' else None),
                          ('language (benign)', lambda l, te, la: la if l == 'benign' else None)):
            print('\n## by', title)
            for k, v in sorted(count(fn).items(), key=lambda kv: str(kv[0])):
                if k is None: continue
                print('  %-34s dev %3d  holdout %3d  total %3d' % (k, v['dev'], v['holdout'], v['dev'] + v['holdout']))
        print('\n## servers (%d)' % len(servers))
        for s, n in sorted(servers.items()):
            print('  %-50s %d' % (s, n))
    if errs:
        print('\nERRORS:'); [print(' ', e) for e in errs]; sys.exit(1)
    print('\nOK: %d cases' % len(ids))

if __name__ == '__main__':
    main()
