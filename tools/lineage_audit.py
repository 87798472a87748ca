"""Lineage maps of research lines the project has not been tuned on, scored against the family a
researcher would name.

    python tools/lineage_audit.py [--lines gan,diffusion,...] [--work /tmp/lineage-audit] [--rebuild]
                                  [--titles ../shared/data/ml-titles-1987-2025.jsonl]

Gathers, as a user would, the papers of each research line from the ML titles
(``../shared/data/ml-titles-1987-2025.jsonl``: titles, venue and year only, no abstracts, no
authors): every paper whose title or author keywords match the line's pattern, written as JSON
lines ``{title, year, venue}``. Builds each with the ``kg build`` command's defaults (the site
too), then draws the line's map (``kg lineage NAME``) and prints, for each name of the family
written below (written from knowledge of the field, before looking at any map):
  on map    shown as a member of the line
  in more   in one of the map's "N more" groups
  missed    named by a title of the corpus but not of the line on the map
  absent    named by no title of the corpus (not counted against the map)
and the members the map shows that are none of the family, with their relation and ground, for a
reader to judge; a member matching the line's ``wrong`` pattern (a known wrong link: "Transformer"
on the GAN map, information diffusion on the diffusion map) is flagged WRONG.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kg.analytics.lineage import lineage  # noqa: E402
from kg.rdf.store import open_store  # noqa: E402

SHARED = ROOT.parents[1] / "shared"
if not (SHARED / "data").exists():
    SHARED = ROOT.parent / "shared"
TITLES = SHARED / "data" / "ml-titles-1987-2025.jsonl"


@dataclass
class Line:
    name: str
    pattern: str  # over title and keywords; case-sensitive where acronyms need it (GAN vs organ)
    query: str  # the name given to `kg lineage`
    family: dict[str, list[str]]  # a member -> its spellings
    wrong: str = ""  # a member label matching this is a known wrong link
    flags: int = re.IGNORECASE
    spellings: dict = field(default_factory=dict)


def fam(*names: str) -> dict[str, list[str]]:
    """``"DCGAN"`` or ``"WGAN|Wasserstein GAN"``: a member and its other spellings."""
    return {n.split("|")[0]: n.split("|") for n in names}


LINES = [
    Line("gan", r"\b(GANs?|[A-Za-z0-9]+-?GANs?)\b|(?i:generative adversarial|adversarial generat)", "GAN",
         fam("DCGAN|deep convolutional GAN", "WGAN|Wasserstein GAN", "WGAN-GP", "conditional GAN|cGAN",
             "InfoGAN", "CycleGAN", "pix2pix", "StyleGAN", "StyleGAN2", "BigGAN", "progressive GAN|ProGAN|PGGAN",
             "SAGAN|self-attention GAN", "LSGAN|least squares GAN", "SNGAN|spectral normalization GAN",
             "StarGAN", "SRGAN", "BiGAN", "DiscoGAN", "AC-GAN|ACGAN|auxiliary classifier GAN", "EBGAN",
             "BEGAN", "GauGAN|SPADE", "SeqGAN", "MMD-GAN|MMD GAN", "f-GAN", "VAE-GAN|VAE/GAN", "CoGAN",
             "DualGAN", "GAIL|generative adversarial imitation learning"),
         wrong=r"(?i)^(transformer|EM algorithm|variational autoencoder|VAE|diffusion model)s?$", flags=0),
    Line("diffusion", r"diffusion", "diffusion model",
         fam("DDPM|denoising diffusion probabilistic model", "DDIM|denoising diffusion implicit model",
             "score-based generative model|score-based model|score SDE|NCSN", "latent diffusion model|LDM",
             "Stable Diffusion", "classifier-free guidance", "classifier guidance", "ControlNet",
             "DiT|diffusion transformer", "consistency model", "Imagen", "DALL-E 2|DALL·E 2", "DreamFusion",
             "DPM-Solver", "video diffusion model", "guided diffusion"),
         wrong=r"(?i)information diffusion|influence|cascade|diffusion map|heat|anisotropic|diffusion MRI"
               r"|diffusion tensor|diffusion kernel|graph diffusion|diffusion convolution|diffusion wavelet"),
    Line("transformer", r"transformer", "Transformer",
         fam("BERT", "GPT", "GPT-2", "GPT-3", "T5", "BART", "XLNet", "Transformer-XL",
             "ViT|Vision Transformer", "DeiT", "Swin Transformer|Swin", "DETR", "Reformer", "Longformer",
             "Linformer", "Performer", "BigBird|Big Bird", "Sparse Transformer", "Switch Transformer",
             "Universal Transformer", "Conformer", "Perceiver", "RoBERTa", "SegFormer", "Decision Transformer"),
         # a part of a Transformer (self-attention) or what it is a kind of (encoder-decoder) is no kind of it
         wrong=r"(?i)^(GAN|generative adversarial network|LSTM|EM algorithm|CNN|convolutional neural network"
               r"|self-attention|cross-attention|encoder-decoder architecture|spatial transformer network)s?$"),
    Line("dqn", r"reinforcement learning|q-learning|\bDQN|policy optimi[sz]ation|\bPPO\b|actor-critic|policy gradient",
         "DQN",
         fam("Double DQN|DDQN|double Q-learning", "Dueling DQN|dueling network", "Rainbow",
             "prioritized experience replay", "DRQN|deep recurrent Q-network", "C51|distributional DQN",
             "QR-DQN", "Bootstrapped DQN", "NoisyNet|noisy networks", "Ape-X", "R2D2"),
         wrong=r"(?i)^(transformer|GAN|EM algorithm)s?$"),
    Line("policy-gradient", r"reinforcement learning|q-learning|\bDQN|policy optimi[sz]ation|\bPPO\b|actor-critic"
         r"|policy gradient", "policy gradient",
         fam("REINFORCE", "actor-critic", "A3C|asynchronous advantage actor-critic", "A2C", "TRPO|trust region policy optimization",
             "PPO|proximal policy optimization", "DDPG|deep deterministic policy gradient", "TD3", "SAC|soft actor-critic",
             "natural policy gradient", "deterministic policy gradient|DPG", "GAE|generalized advantage estimation",
             "IMPALA", "MADDPG"),
         wrong=r"(?i)^(transformer|GAN|EM algorithm)s?$"),
    Line("resnet", r"residual network|resnet|convolutional neural network|\bCNNs?\b|convnet", "ResNet",
         fam("ResNeXt", "Wide ResNet|wide residual network|WRN", "DenseNet", "pre-activation ResNet",
             "ResNet-50", "ResNet-101", "ResNet-18", "SENet|squeeze-and-excitation network|SE-ResNet", "Res2Net",
             "ResNeSt", "RevNet|reversible residual network", "i-RevNet", "stochastic depth",
             "iResNet|invertible residual network"),
         wrong=r"(?i)^(transformer|GAN|EM algorithm)s?$"),
    Line("cnn", r"residual network|resnet|convolutional neural network|\bCNNs?\b|convnet", "CNN",
         fam("LeNet", "AlexNet", "VGG|VGGNet", "GoogLeNet|Inception", "ResNet|residual network", "DenseNet",
             "MobileNet", "EfficientNet", "ShuffleNet", "U-Net", "FCN|fully convolutional network", "R-CNN",
             "Faster R-CNN", "Mask R-CNN", "YOLO", "SSD", "temporal convolutional network|TCN", "3D CNN",
             "graph convolutional network|GCN", "capsule network|CapsNet"),
         # "P-CNN: Pose-based CNN" read as the catalogue's piecewise CNN; a grouping of the catalogue
         wrong=r"(?i)^(transformer|GAN|EM algorithm|LSTM|piecewise convolutional neural network"
               r"|additional vision components|bilinear pooling)s?$"),
    Line("lora", r"\blora\b|low-rank adaptation|\badapters?\b|parameter-efficient|prompt tuning|prefix tuning", "LoRA",
         fam("QLoRA", "AdaLoRA", "DoRA", "LoRA+", "VeRA", "LoRA-FA", "DyLoRA", "LoftQ", "LoRAHub|LoraHub",
             "S-LoRA", "PiSSA", "MoLoRA", "Delta-LoRA"),
         wrong=r"(?i)^(transformer|GAN|EM algorithm|adapter)s?$"),
    Line("adapter", r"\blora\b|low-rank adaptation|\badapters?\b|parameter-efficient|prompt tuning|prefix tuning",
         "adapter",
         fam("AdapterFusion", "MAD-X", "Compacter", "(IA)3|IA3", "parallel adapter", "AdapterDrop", "K-Adapter",
             "LLaMA-Adapter", "T2I-Adapter", "IP-Adapter"),
         wrong=r"(?i)^(transformer|GAN|EM algorithm)s?$"),
]


def key(s: str) -> str:
    return re.sub(r"[\s\-_/·]+", "", s.casefold()).removesuffix("s")


def gather(line: Line, titles: Path, out: Path) -> int:
    """Write the line's papers of ``titles`` as JSON lines; returns how many."""
    pattern = re.compile(line.pattern, line.flags)
    n = 0
    with out.open("w", encoding="utf-8") as f:
        for text in titles.open(encoding="utf-8"):
            d = json.loads(text)
            if pattern.search(d["title"] + " \n " + " ; ".join(d.get("keywords") or [])):
                f.write(json.dumps({"title": d["title"], "year": d["year"], "venue": d["venue"]}, ensure_ascii=False) + "\n")
                n += 1
    return n


def named_in(corpus: Path, spellings: list[str]) -> int:
    """How many titles of the corpus name one of ``spellings`` (as a word)."""
    pats = [re.compile(rf"(?<![\w-]){re.escape(s)}s?(?![\w-])", re.IGNORECASE) for s in spellings]
    return sum(1 for t in corpus.open(encoding="utf-8") if any(p.search(json.loads(t)["title"]) for p in pats))


def audit(line: Line, titles: Path, work: Path, rebuild: bool) -> tuple[int, int, int]:
    corpus = work / f"{line.name}.jsonl"
    build = work / line.name
    if rebuild or not corpus.exists():
        print(f"{line.name}: {gather(line, titles, corpus)} papers gathered")
    if rebuild or not (build / "store").exists():
        subprocess.run([sys.executable, "-m", "kg.cli", "build", str(corpus), "--out", str(build)], check=True,
                       stdout=subprocess.DEVNULL, cwd=ROOT)
    store = open_store(build)
    try:
        m = lineage(store, line.query)
    finally:
        store.close()
    shown = {n.id: n for n in m.nodes if n.role in ("member", "extension")}
    more = {d["id"]: d for n in m.nodes if n.kind == "more" for d in n.members}
    keys_of = {i: {key(n.label), *map(key, n.aliases)} for i, n in shown.items()}
    keys_of.update({i: {key(d["label"])} for i, d in more.items()})
    relation = {e.source: e for e in m.edges}
    print(f"\n== {line.name}: kg lineage {line.query!r}  -> {m.label} <{m.subject}>  "
          f"({len(shown)} shown, {len(more)} in 'more')")
    for note in m.notes[:1]:
        print("   note:", note)
    holds = missed = 0
    family_ids = set()
    for member, spellings in line.family.items():
        ks = {key(s) for s in spellings}
        hit = next((i for i, k in keys_of.items() if k & ks), None)
        if hit:
            family_ids.add(hit)
        state = "on map" if hit in shown else "in more" if hit in more else None
        if state is None:
            state = "missed" if named_in(corpus, spellings) else "absent"
        holds += state in ("on map", "in more")
        missed += state == "missed"
        print(f"   {state:8} {member}")
    wrong = 0
    for i, n in sorted(shown.items(), key=lambda x: -(x[1].weight or 0)):
        if i in family_ids:
            continue
        e = relation.get(i)
        bad = bool(line.wrong and re.search(line.wrong, n.label))
        wrong += bad
        print(f"   {'WRONG' if bad else 'other':8} {n.label} ({n.weight}) [{e.relation if e else '?'}] "
              f"{(e.evidence[0] if e and e.evidence else '')[:110]}")
    for i, d in more.items():
        if i not in family_ids and line.wrong and re.search(line.wrong, d["label"]):
            wrong += 1
            print(f"   WRONG    {d['label']} [{d['relation']}] (in more)")
    print(f"   {line.name}: holds {holds}, missed {missed}, wrong {wrong}")
    return holds, missed, wrong


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", default=",".join(x.name for x in LINES))
    ap.add_argument("--work", type=Path, default=Path("/tmp/lineage-audit"))
    ap.add_argument("--rebuild", action="store_true", help="gather and build again (after a change of the catalogue)")
    ap.add_argument("--titles", type=Path, default=TITLES, help="the ML titles (JSON lines of title, venue, year, keywords)")
    args = ap.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    wanted = args.lines.split(",")
    totals = []
    for line in LINES:
        if line.name in wanted:
            totals.append((line.name, *audit(line, args.titles, args.work, args.rebuild)))
    print("\nline             holds  missed  wrong")
    for name, h, mi, w in totals:
        print(f"{name:16} {h:5}  {mi:6}  {w:5}")


if __name__ == "__main__":
    main()
