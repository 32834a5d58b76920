"""Paper records of the demo snapshot (facts: ids, titles, v1 dates; abstracts are our own words)."""

# (arxiv_id, version, title, authors, primary, cats, published, updated, comment, eligible,
#  method, aliases, largest_b, modification, note, abstract)
P = []


def add(aid, title, authors, published, abstract, *, eligible, method="", aliases="", size=None,
        mod="", note="", version=1, updated=None, comment=None, primary="cs.LG", cats=None):
    P.append(dict(arxiv_id=aid, version=version, title=title, authors=authors, primary_category=primary,
                  categories=cats or [primary], published=published, updated=updated or published,
                  comment=comment, eligible=eligible, method=method, aliases=aliases, size=size,
                  mod=mod, note=note, abstract=abstract))


# ---------------- 2025Q1
add("2501.03262", "REINFORCE++: A Simple and Efficient Approach for Aligning Large Language Models",
    ["Jian Hu"], "2025-01-04T03:42:00Z",
    "The paper proposes REINFORCE++, a critic-free variant of REINFORCE that borrows PPO-style tricks such as "
    "token-level KL penalties and normalises advantages over the whole global batch instead of per prompt group. "
    "The authors argue this avoids the prompt-level overfitting of group baselines while staying cheaper than PPO. "
    "An implementation ships with OpenRLHF (https://github.com/OpenRLHF/OpenRLHF).",
    eligible=True, method="REINFORCE++", aliases="reinforce_plus_plus|reinforce++|reinforcepp",
    mod="advantage_estimator", note="general critic-free RL objective with a new advantage normalisation",
    primary="cs.CL", cats=["cs.CL", "cs.LG"])
add("2501.12948", "DeepSeek-R1: Incentivizing Reasoning Capability in LLMs via Reinforcement Learning",
    ["DeepSeek-AI"], "2025-01-22T15:19:35Z",
    "Technical report of the DeepSeek-R1 model family. It describes training a reasoning model with large-scale "
    "GRPO on rule-based rewards, a cold-start variant with curated data, and distillation into smaller dense models.",
    eligible=False, note="model technical report; uses GRPO, introduces no new general training method",
    primary="cs.CL", cats=["cs.CL", "cs.AI", "cs.LG"])
add("2501.12599", "Kimi k1.5: Scaling Reinforcement Learning with LLMs",
    ["Kimi Team"], "2025-01-22T14:08:00Z",
    "Technical report of the Kimi k1.5 multimodal reasoning model. It reports the long-context RL recipe, data "
    "pipeline and long-to-short transfer used to build the model.",
    eligible=False, note="model technical report", primary="cs.AI", cats=["cs.AI", "cs.LG"])
add("2501.14249", "Humanity's Last Exam",
    ["Long Phan", "Alice Gatti", "Ziwen Han", "et al."], "2025-01-24T18:57:00Z",
    "Introduces a large expert-written benchmark of closed-ended questions meant to remain hard for frontier "
    "models, and reports the low accuracy and poor calibration of current systems on it.",
    eligible=False, note="benchmark paper", primary="cs.LG", cats=["cs.LG", "cs.AI", "cs.CL"])
add("2501.19393", "s1: Simple test-time scaling",
    ["Niklas Muennighoff", "Zitong Yang", "Weijia Shi", "et al."], "2025-01-31T18:48:00Z",
    "Fine-tunes a 32B model on a small curated set of about one thousand reasoning traces and controls test-time "
    "compute with a 'budget forcing' trick. No reinforcement learning is involved.",
    eligible=False, note="SFT / test-time scaling paper, no RL training method",
    comment="Code at https://github.com/simplescaling/s1", primary="cs.CL", cats=["cs.CL", "cs.AI", "cs.LG"])
add("2502.01456", "Process Reinforcement through Implicit Rewards",
    ["Ganqu Cui", "Lifan Yuan", "Zefan Wang", "et al."], "2025-02-03T15:43:00Z",
    "PRIME trains an implicit process reward model online from outcome labels only and feeds its dense token-level "
    "rewards into the policy's advantage estimate. Starting from Qwen2.5-Math-7B-Base the resulting 7B policy "
    "improves markedly on math benchmarks; code is at https://github.com/PRIME-RL/PRIME.",
    eligible=True, method="PRIME", aliases="", size=7, mod="advantage_estimator",
    note="general RL training method (dense implicit process rewards)")
add("2502.14768", "Logic-RL: Unleashing LLM Reasoning with Rule-Based Reinforcement Learning",
    ["Tian Xie", "Zitian Gao", "Qingnan Ren", "et al."], "2025-02-20T17:49:00Z",
    "Applies rule-based reinforcement learning to synthetic Knights-and-Knaves logic puzzles and studies how "
    "reasoning behaviours emerge and transfer to math benchmarks.",
    eligible=False, note="application of existing RL algorithms to one puzzle domain",
    comment="Code: https://github.com/Unakar/Logic-RL", primary="cs.CL", cats=["cs.CL", "cs.AI"])
add("2503.14476", "DAPO: An Open-Source LLM Reinforcement Learning System at Scale",
    ["Qiying Yu", "Zheng Zhang", "Ruofei Zhu", "et al."], "2025-03-18T17:49:06Z",
    "DAPO (Decoupled Clip and Dynamic sAmpling Policy Optimization) combines four changes to GRPO: a higher upper "
    "clip bound, dynamic sampling that drops prompts with all-correct or all-wrong groups, a token-level policy "
    "gradient loss and overlong reward shaping. Trained from Qwen2.5-32B base it reaches 50 points on AIME 2024; "
    "the training code and data are released at https://github.com/BytedTsinghua-SIA/DAPO.",
    eligible=True, method="DAPO", aliases="dapo", size=32, mod="loss_coefficients_clipping_masking_weighting",
    note="general RL objective changes (clip-higher, token-level loss, dynamic sampling)",
    version=2, updated="2025-05-20T12:00:00Z", cats=["cs.LG", "cs.CL"])
add("2503.20783", "Understanding R1-Zero-Like Training: A Critical Perspective",
    ["Zichen Liu", "Changyu Chen", "Wenjun Li", "et al."], "2025-03-26T17:59:14Z",
    "Analyses base models and the RL stage of R1-Zero-like training and shows that GRPO's per-response length "
    "normalisation and per-group standard-deviation scaling bias optimisation toward longer wrong answers. The "
    "proposed fix, Dr. GRPO (GRPO Done Right), removes both terms; a 7B model trained from Qwen2.5-Math-7B sets a "
    "new state of the art at that size.",
    eligible=True, method="Dr. GRPO", aliases="dr_grpo|drgrpo|Dr.GRPO", size=7,
    mod="loss_coefficients_clipping_masking_weighting", note="general fix to the GRPO loss normalisation",
    comment="Code: https://github.com/sail-sg/understand-r1-zero", cats=["cs.LG", "cs.AI", "cs.CL"])
# ---------------- 2025Q2
add("2504.02546", "GPG: A Simple and Strong Reinforcement Learning Baseline for Model Reasoning",
    ["Xiangxiang Chu", "Hailang Huang", "Xiao Zhang", "et al."], "2025-04-03T12:53:00Z",
    "GPG (Group Policy Gradient) drops the critic, the reference model, the KL term and ratio clipping and "
    "optimises the plain policy-gradient objective with a corrected group advantage. Experiments with models up to "
    "7B show it matching or beating GRPO at lower cost.",
    eligible=True, method="GPG", aliases="gpg", size=7, mod="new_objective",
    note="new simplified RL objective", comment="Code: https://github.com/AMAP-ML/GPG")
add("2504.02495", "Inference-Time Scaling for Generalist Reward Modeling",
    ["Zijun Liu", "Peiyi Wang", "Runxin Xu", "et al."], "2025-04-03T17:59:00Z",
    "Studies generative reward models that write principles and critiques, trains them with an online RL "
    "procedure, and scales reward quality by sampling several judgements at inference time.",
    eligible=False, note="reward-model paper; does not change policy training", primary="cs.CL",
    cats=["cs.CL", "cs.AI", "cs.LG"])
add("2504.05118", "VAPO: Efficient and Reliable Reinforcement Learning for Advanced Reasoning Tasks",
    ["Yu Yue", "Yufeng Yuan", "Qiying Yu", "et al."], "2025-04-07T14:21:00Z",
    "VAPO (Value-based Augmented Proximal Policy Optimization) revisits value-model-based RL for long "
    "chain-of-thought reasoning, adding value pre-training, decoupled and length-adaptive GAE and several "
    "DAPO-style tricks. With a Qwen2.5-32B policy it reports 60.4 on AIME 2024 with stable training.",
    eligible=True, method="VAPO", aliases="vapo", size=32, mod="advantage_estimator",
    note="general value-based RL method (length-adaptive GAE)", primary="cs.AI", cats=["cs.AI"])
add("2504.11343", "A Minimalist Approach to LLM Reasoning: from Rejection Sampling to Reinforce",
    ["Wei Xiong", "Jiarui Yao", "Yuhui Xu", "et al."], "2025-04-15T16:15:00Z",
    "Revisits GRPO as a REINFORCE-style method and finds that plain rejection-sampling fine-tuning (RAFT) is a "
    "strong baseline, and that GRPO's gain mostly comes from discarding prompts whose samples are all wrong. The "
    "resulting Reinforce-Rej filters out both all-correct and all-wrong prompts; experiments use Qwen2.5-Math-7B.",
    eligible=True, method="Reinforce-Rej", aliases="reinforce_rej|reinforcerej|RAFT++", size=7,
    mod="sampling_filtering", note="general sample-filtering policy-gradient method",
    comment="Code: https://github.com/RLHFlow/Minimal-RL")
add("2504.13837", "Does Reinforcement Learning Really Incentivize Reasoning Capacity in LLMs Beyond the Base Model?",
    ["Yang Yue", "Zhiqi Chen", "Rui Lu", "et al."], "2025-04-18T17:59:00Z",
    "Measures pass@k at large k for base models and their RL-trained versions and finds that RL mostly sharpens "
    "sampling toward solutions the base model could already reach.",
    eligible=False, note="analysis paper, no new training method", primary="cs.AI", cats=["cs.AI", "cs.CL", "cs.LG"])
add("2504.14945", "Learning to Reason under Off-Policy Guidance",
    ["Jianhao Yan", "Yafu Li", "Zican Hu", "et al."], "2025-04-21T17:59:00Z",
    "LUFFY mixes off-policy reasoning traces from a stronger model with on-policy rollouts and uses regularised "
    "importance sampling so the policy imitates only where it helps. Trained on Qwen2.5-Math-7B it improves over "
    "zero-RL baselines; code at https://github.com/ElliottYan/LUFFY.",
    eligible=True, method="LUFFY", aliases="luffy", size=7, mod="other",
    note="general RL method mixing off-policy guidance", primary="cs.LG", cats=["cs.LG", "cs.AI", "cs.CL"])
add("2505.09388", "Qwen3 Technical Report", ["An Yang", "Anfeng Li", "Baosong Yang", "et al."],
    "2025-05-14T10:14:00Z",
    "Technical report of the Qwen3 dense and mixture-of-experts model family, including the thinking/non-thinking "
    "modes and the multi-stage post-training pipeline.",
    eligible=False, note="model technical report", primary="cs.CL", cats=["cs.CL"])
add("2505.10978", "Group-in-Group Policy Optimization for LLM Agent Training",
    ["Lang Feng", "Zhenghai Xue", "Tingcong Liu", "Bo An"], "2025-05-16T08:26:00Z",
    "GiGPO adds a step-level relative advantage to episode-level group advantages by grouping actions taken from "
    "the same anchor state across trajectories, keeping the method critic-free. Agents built on Qwen2.5-7B-Instruct "
    "improve on ALFWorld and WebShop; the code is at https://github.com/langfengQ/verl-agent.",
    eligible=True, method="GiGPO", aliases="gigpo", size=7, mod="advantage_estimator",
    note="general (agentic) RL advantage estimator")
add("2505.22617", "The Entropy Mechanism of Reinforcement Learning for Reasoning Language Models",
    ["Ganqu Cui", "Yuchen Zhang", "Jiacheng Chen", "et al."], "2025-05-28T17:38:00Z",
    "Links the collapse of policy entropy in RL for reasoning to the covariance between log-probability and "
    "advantage, and proposes Clip-Cov and KL-Cov, which clip or KL-penalise the few high-covariance tokens. The "
    "methods keep entropy higher and improve results for Qwen2.5 models up to 32B.",
    eligible=True, method="Clip-Cov", aliases="clip_cov|clipcov|KL-Cov|kl_cov|klcov", size=32,
    mod="loss_coefficients_clipping_masking_weighting", note="general token-level clipping / KL regulariser",
    cats=["cs.LG", "cs.AI", "cs.CL"])
add("2505.24298", "AReaL: A Large-Scale Asynchronous Reinforcement Learning System for Language Reasoning",
    ["Wei Fu", "Jiaxuan Gao", "Xujie Shen", "et al."], "2025-05-30T07:18:00Z",
    "Describes AReaL, a fully asynchronous RL training system that decouples generation from training, with "
    "staleness control and a decoupled PPO objective to cope with stale rollouts.",
    eligible=True, method="Decoupled PPO", aliases="decoupled_ppo|decoupled-ppo", mod="new_objective",
    note="systems paper that introduces an off-policy correction (decoupled PPO objective for stale rollouts): "
         "eligible under docs/screening.md", comment="Code: https://github.com/inclusionAI/AReaL")
add("2505.24864", "ProRL: Prolonged Reinforcement Learning Expands Reasoning Boundaries in Large Language Models",
    ["Mingjie Liu", "Shizhe Diao", "Ximing Lu", "et al."], "2025-05-30T17:59:00Z",
    "ProRL trains for very many RL steps using KL control, periodic resets of the reference policy and a diverse "
    "task mix. The resulting 1.5B reasoning model shows gains on tasks where the base model fails even at large k.",
    eligible=True, method="ProRL", aliases="prorl", size=1.5, mod="other",
    note="general long-horizon RL recipe (KL control + reference reset)", primary="cs.CL", cats=["cs.CL", "cs.AI"])
add("2506.01939", "Beyond the 80/20 Rule: High-Entropy Minority Tokens Drive Effective Reinforcement Learning for LLM Reasoning",
    ["Shenzhi Wang", "Le Yu", "Chang Gao", "et al."], "2025-06-02T17:54:00Z",
    "Finds that only a small fraction of high-entropy 'forking' tokens steer reasoning paths and restricts the "
    "policy-gradient update to the top 20% highest-entropy tokens. The effect grows with scale and is strongest for "
    "Qwen3-32B.",
    eligible=True, method="high-entropy minority tokens", aliases="forking tokens", size=32,
    mod="loss_coefficients_clipping_masking_weighting", note="general token-masking change to the policy gradient",
    primary="cs.CL", cats=["cs.CL", "cs.AI", "cs.LG"])
add("2506.04178", "OpenThoughts: Data Recipes for Reasoning Models",
    ["Etash Guha", "Ryan Marten", "Sedrick Keh", "et al."], "2025-06-04T17:25:00Z",
    "Runs many controlled experiments on how to build supervised reasoning datasets and releases a large open "
    "dataset of distilled reasoning traces together with models fine-tuned on it.",
    eligible=False, note="dataset / SFT data-recipe paper",
    comment="Data and code: https://github.com/open-thoughts/open-thoughts")
add("2506.13585", "MiniMax-M1: Scaling Test-Time Compute Efficiently with Lightning Attention",
    ["MiniMax"], "2025-06-16T15:08:00Z",
    "Technical report of the MiniMax-M1 hybrid-attention reasoning model. Along the way it introduces CISPO, which "
    "clips importance-sampling weights instead of token updates. The model has 456B parameters in total.",
    eligible=True, method="CISPO", aliases="cispo", size=456, mod="loss_coefficients_clipping_masking_weighting",
    note="model technical report that introduces a named RL objective (CISPO): eligible under docs/screening.md",
    primary="cs.CL", cats=["cs.CL", "cs.LG"])
# ---------------- 2025Q3
add("2507.18071", "Group Sequence Policy Optimization",
    ["Chujie Zheng", "Shixuan Liu", "Mingze Li", "et al."], "2025-07-24T17:50:00Z",
    "GSPO defines the importance ratio at the sequence level from sequence likelihood and applies clipping, "
    "rewarding and optimisation per sequence instead of per token. It stabilises RL for mixture-of-experts models "
    "and is evaluated on Qwen3-30B-A3B-Base.",
    eligible=True, method="GSPO", aliases="gspo|gspo_token", size=30, mod="new_objective",
    note="new general RL objective", cats=["cs.LG", "cs.AI", "cs.CL"])
add("2507.20673", "Geometric-Mean Policy Optimization",
    ["Yuzhong Zhao", "Yue Liu", "Junpeng Liu", "et al."], "2025-07-28T09:54:00Z",
    "GMPO maximises the geometric mean instead of the arithmetic mean of token-level rewards, which makes the "
    "objective less sensitive to outlier importance ratios and allows a wider clipping range. Results are reported "
    "for 7B models; code at https://github.com/callsys/GMPO.",
    eligible=True, method="GMPO", aliases="gmpo|geo_mean", size=7, mod="new_objective",
    note="new general RL objective", primary="cs.CL", cats=["cs.CL"])
add("2507.20534", "Kimi K2: Open Agentic Intelligence", ["Kimi Team"], "2025-07-28T17:27:00Z",
    "Technical report of the Kimi K2 mixture-of-experts model, covering the MuonClip optimiser, agentic data "
    "synthesis and the joint RL stage.",
    eligible=False, note="model technical report")
add("2508.05629", "On the Generalization of SFT: A Reinforcement Learning Perspective with Reward Rectification",
    ["Yongliang Wu", "Yizhou Zhou", "Zhou Ziheng", "et al."], "2025-08-07T17:59:00Z",
    "Views the supervised fine-tuning gradient as a policy gradient with an implicit ill-posed reward and proposes "
    "Dynamic Fine-Tuning, which rescales the SFT loss by the token probability.",
    eligible=False, note="SFT method, not RL post-training")
add("2509.08827", "A Survey of Reinforcement Learning for Large Reasoning Models",
    ["Kaiyan Zhang", "Yuxin Zuo", "Bingxiang He", "et al."], "2025-09-10T17:59:00Z",
    "Surveys reinforcement learning for reasoning models: reward design, policy optimisation, sampling, training "
    "resources and applications.",
    eligible=False, note="survey", primary="cs.CL", cats=["cs.CL", "cs.AI", "cs.LG"])
# ---------------- 2025Q4
add("2510.00819", "Stabilizing Policy Gradients for Sample-Efficient Reinforcement Learning in LLM Reasoning",
    ["Luckeciano C. Melo", "Alessandro Abate", "Yarin Gal"], "2025-10-01T12:10:00Z",
    "Models the second-order geometry of the policy-gradient update with a cheap curvature estimate and uses it to "
    "mask the samples that would cause unstable steps. The resulting CAPO (Curvature-Aware Policy Optimization) "
    "keeps training stable under aggressive learning rates while rejecting only a small share of tokens.",
    eligible=True, method="CAPO", aliases="capo", size=None, mod="sampling_filtering",
    note="general sample-masking method for policy gradients", version=2, updated="2026-02-28T10:00:00Z")
add("2510.13786", "The Art of Scaling Reinforcement Learning Compute for LLMs",
    ["Devvrit Khatri", "Lovish Madaan", "Rishabh Tiwari", "et al."], "2025-10-15T17:43:00Z",
    "A large empirical study fitting sigmoidal compute-performance curves to RL runs, which it uses to compare "
    "design choices and to assemble a best-practice recipe out of existing components.",
    eligible=False, note="empirical scaling study; recipe combines existing methods")
add("2511.20347", "Soft Adaptive Policy Optimization", ["et al."],
    "2025-11-25T16:10:00Z",
    "SAPO replaces hard ratio clipping with a smooth, temperature-controlled sigmoid gate, with separate "
    "temperatures for positive and negative advantages, so off-policy tokens are attenuated rather than cut off. "
    "It is positioned as sequence-coherent like GSPO but token-adaptive.",
    eligible=True, method="SAPO", aliases="sapo", size=None, mod="loss_coefficients_clipping_masking_weighting",
    note="general replacement for hard clipping", cats=["cs.LG", "cs.AI", "cs.CL"])
add("2512.02556", "DeepSeek-V3.2: Pushing the Frontier of Open Large Language Models", ["DeepSeek-AI"],
    "2025-12-02T09:30:00Z",
    "Technical report of DeepSeek-V3.2, covering sparse attention, the scaled RL stage and agentic task synthesis. "
    "For stable GRPO at scale it adds an unbiased KL estimate, off-policy sequence masking of negative-advantage "
    "samples that drifted too far, and keeps the MoE expert routing of the sampler during training.",
    eligible=True, method="Off-Policy Sequence Masking", aliases="off_policy_sequence_masking",
    mod="loss_coefficients_clipping_masking_weighting",
    note="model technical report that introduces named RL tricks (off-policy sequence masking and keep routing): "
         "eligible under docs/screening.md", primary="cs.CL", cats=["cs.CL"])
# ---------------- 2026Q1
add("2601.03715", "R$^3$L: Reflect-then-Retry Reinforcement Learning with Language-Guided Exploration, Pivotal Credit, and Positive Amplification",
    ["Weijie Shi", "Yanxi Chen", "Zexi Li", "Xuchen Pan", "Yuchang Sun", "Jiajie Xu", "Xiaofang Zhou", "Yaliang Li"],
    "2026-01-07T08:30:00Z",
    "R3L lets the model reflect on failed rollouts and retry from the diagnosed failure point, updates only the "
    "diverging suffix of paired trajectories, and up-weights successful samples. It reports relative gains on "
    "agentic and reasoning tasks; code is released at https://github.com/shiweijiezero/R3L.",
    eligible=True, method="R3L", aliases="r3l|R^3L", size=None, mod="other",
    note="general RL method (guided exploration, pivotal credit)", cats=["cs.LG", "cs.AI"])
add("2601.05242", "GDPO: Group reward-Decoupled Normalization Policy Optimization for Multi-reward RL Optimization",
    ["Shih-Yang Liu", "Xin Dong", "Ximing Lu", "et al."], "2026-01-08T18:00:00Z",
    "Shows that normalising the sum of several rewards within a GRPO group collapses distinct reward combinations "
    "onto the same advantage, and proposes GDPO, which normalises each reward separately before combining them. It "
    "is evaluated on tool calling, math and coding.",
    eligible=True, method="GDPO", aliases="gdpo", size=None, mod="advantage_estimator",
    note="general multi-reward advantage estimator", cats=["cs.LG", "cs.CL"])
add("2603.16929", "MHPO: Modulated Hazard-aware Policy Optimization for Stable Reinforcement Learning",
    ["Hongjun Wang", "Wei Liu", "Weibo Gu", "Xing Sun", "Kai Han"], "2026-03-14T10:00:00Z",
    "MHPO maps importance ratios through a bounded, differentiable log-fidelity modulator and adds separate "
    "hazard-based penalties for upward and downward policy shifts, replacing hard clipping. It is tested on text "
    "and vision-language reasoning benchmarks.",
    eligible=True, method="MHPO", aliases="mhpo", size=None, mod="loss_coefficients_clipping_masking_weighting",
    note="general ratio-regularisation change")
add("2603.18756", "Are complicated loss functions necessary for teaching LLMs to reason?",
    ["Gabriele Carrino", "Andrea Sassella", "Nicolo Brunello", "Federico Toschi", "Mark James Carman"],
    "2026-03-19T11:00:00Z",
    "Ablates GRPO and finds negative feedback essential but ratio clipping unnecessary for math reasoning. The "
    "proposed RGRA (REINFORCE with Group Relative Advantage) keeps group-relative advantages and drops PPO-style "
    "clipping and ratios.",
    eligible=True, method="RGRA", aliases="rgra", size=None, mod="new_objective",
    note="simplified general RL objective")
# ---------------- 2026Q2
add("2604.00860", "Policy Improvement Reinforcement Learning",
    ["Huaiyang Wang", "Xiaojie Li", "Deqing Wang", "et al."], "2026-04-01T09:00:00Z",
    "Frames post-training as maximising measured improvement between iterations and proposes PIPO (Policy "
    "Improvement Policy Optimization), which checks each update against a sliding-window baseline and reinforces "
    "or suppresses it accordingly.",
    eligible=True, method="PIPO", aliases="pipo|PIRL", size=None, mod="new_objective",
    note="new general closed-loop RL objective")
add("2605.06139", "Listwise Policy Optimization: Group-based RLVR as Target-Projection on the LLM Response Simplex",
    ["et al."], "2026-05-07T12:00:00Z",
    "Shows that group-based policy-gradient methods each define an implicit target distribution over the sampled "
    "responses and project toward it, and builds Listwise Policy Optimization on this view.",
    eligible=True, method="Listwise Policy Optimization", aliases="", size=None, mod="new_objective",
    note="new general RL objective")
add("2606.16154", "A Gradient Perspective on RLVR Stability and Winner Advantage Policy Optimization",
    ["et al."], "2026-06-15T12:00:00Z",
    "Derives a token-level taxonomy of how updates change next-token probabilities and entropy, and proposes WAPO "
    "(Winner Advantage Policy Optimization), a clipped objective that learns only from positive-advantage "
    "completions. Code: https://github.com/layer6ai-labs/wapo.",
    eligible=True, method="WAPO", aliases="wapo", size=None, mod="loss_coefficients_clipping_masking_weighting",
    note="general masking change to the RL objective")
add("2606.18216", "Zone of Proximal Policy Optimization: Teacher in Prompts, Not Gradients",
    ["Byung-Kwan Lee", "Ximing Lu", "Shizhe Diao", "et al."], "2026-06-16T17:46:00Z",
    "ZPPO keeps a stronger teacher inside reformulated prompts for hard questions (candidate-discrimination and "
    "error-aggregation prompts) instead of inside the policy gradient, with a replay buffer for hard questions. "
    "Student policies from 0.8B to 9B are trained with a much larger teacher.",
    eligible=True, method="ZPPO", aliases="zppo", size=9, mod="other",
    note="general RL method (teacher-in-prompt exploration)", primary="cs.CL", cats=["cs.CL"])
# ---------------- 2026Q3
add("2607.05394", "Weak-to-Strong Generalization via Direct On-Policy Distillation", ["et al."],
    "2026-07-08T12:00:00Z",
    "Studies on-policy distillation from a weaker teacher into a stronger student and when the student can exceed "
    "the teacher.",
    eligible=False, note="distillation paper, not an RL training method")
add("2608.99001", "Demo Trust-Gate Policy Optimization", ["Demo Author"], "2026-08-12T12:00:00Z",
    "A made-up entry used only to exercise the 2026Q3 quarter of the demo. DTGPO is an invented method that gates "
    "token updates with a learned trust score; the invented experiments use an 8B policy.",
    eligible=True, method="DTGPO", aliases="dtgpo", size=8, mod="loss_coefficients_clipping_masking_weighting",
    note="synthetic demo entry (invented)",
    comment="SYNTHETIC DEMO ENTRY: not a real arXiv paper; invented to cover 2026Q3.")
