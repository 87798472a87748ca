"""How texts.bib was drawn: `python eval/tune/lineage2/sample.py make` (titles only are read from the other sets;
`check` redraws proposals2 the same way to show the method matches it)."""
import re, random, glob, sys
import os
W = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
def entries(path):
    text = open(path, encoding='utf-8').read()
    parts = re.split(r'\n(?=@)', text)
    return [p.strip() for p in parts if p.strip().startswith('@')]
def field(e, name):
    m = re.search(r'^\s*' + name + r'\s*=\s*[{"]', e, re.M | re.I)
    if not m: return None
    i = m.end(); depth = 1; j = i
    while depth and j < len(e):
        c = e[j]
        if c == '{': depth += 1
        elif c == '}': depth -= 1
        j += 1
    return e[i:j-1]
def key(t): return re.sub(r'[^0-9a-z]+', '', (t or '').lower())
def titles(paths):
    out = set()
    for p in paths:
        for e in entries(p):
            t = field(e, 'title')
            if t: out.add(key(t))
    return out
def pool(excl_paths):
    ex = titles(excl_paths)
    allents = [e for e in entries('/work/shared/data/acl-2016-2020.bib') if field(e, 'abstract')]
    return allents, ex
if __name__ == '__main__':
    mode = sys.argv[1]
    if mode == 'check':
        excl = ['/work/shared/eval/texts/acl-dev.bib', W+'/eval/tune/proposals/texts.bib'] + glob.glob(W+'/eval/tune/lineage/*/texts.bib') + glob.glob(W+'/eval/heldout/*/texts.bib')
        allents, ex = pool(excl)
        p = [e for e in allents if key(field(e,'title')) not in ex]
        s = random.Random(20261410).sample(p, 150)
        got = [key(field(e,'title')) for e in s]
        want = [key(field(e,'title')) for e in entries(W+'/eval/tune/proposals2/texts.bib')]
        print(len(p), got == want, len(set(got)&set(want)))
    else:
        excl = ['/work/shared/eval/texts/acl-dev.bib'] + [p for p in glob.glob(W+'/eval/tune/*/texts.bib') if '/lineage2/' not in p] + glob.glob(W+'/eval/tune/lineage/*/texts.bib') + glob.glob(W+'/eval/heldout/*/texts.bib')
        allents, ex = pool(excl)
        p = [e for e in allents if key(field(e,'title')) not in ex]
        s = random.Random(20261510).sample(p, 200)
        open(W+'/eval/tune/lineage2/texts.bib','w').write('\n\n'.join(s) + '\n')
