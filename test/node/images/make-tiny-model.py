"""Makes the e2e runtime image's model directory (default /models/tiny, served as model `tiny`).

No model hub is reachable from the e2e node, and Dynamo's mocker needs no weights: a tokenizer, a
chat template and a small Llama-shaped config.json are all that the frontend and the mocker read.
Run at image build time by build.sh with the image's own Python (transformers, tokenizers).

The vocabulary: special tokens, a few words for prompts, then one token per remaining id spelling
that id (`t1234`), so every id the mocker emits decodes to visible text and the completion shows
which ids came out. Decoding joins tokens with spaces (WordLevel, no decoder).

    python3 make-tiny-model.py /models/tiny
"""

import json
import sys
from pathlib import Path

from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import PreTrainedTokenizerFast

VOCAB_SIZE = 32000
SPECIALS = ["<unk>", "<s>", "</s>", "<pad>", "<|system|>", "<|user|>", "<|assistant|>", "<|end|>"]
WORDS = "hello hi the a an is are was what who how why where when you i we it this that to of and in on for with say tell me about one two three four five six seven eight nine ten".split()
PUNCTUATION = [".", ",", "?", "!", ":", ";", "'", '"', "-", "(", ")"]

# A chat template in the usual Jinja form: each message as <|role|> text <|end|>, then the
# assistant's turn.
CHAT_TEMPLATE = (
    "{{ bos_token }}{% for message in messages %}"
    "<|{{ message['role'] }}|> {{ message['content'] }} <|end|> "
    "{% endfor %}{% if add_generation_prompt %}<|assistant|> {% endif %}"
)


def vocabulary() -> dict[str, int]:
    tokens = SPECIALS + WORDS + PUNCTUATION
    vocab = {token: i for i, token in enumerate(tokens)}
    for i in range(len(tokens), VOCAB_SIZE):
        vocab[f"t{i}"] = i
    return vocab


def main(out: Path) -> None:
    vocab = vocabulary()
    core = Tokenizer(models.WordLevel(vocab=vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.Whitespace()
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=core,
        unk_token="<unk>",
        bos_token="<s>",
        eos_token="</s>",
        pad_token="<pad>",
        additional_special_tokens=SPECIALS[4:],
        model_max_length=2048,
    )
    tokenizer.chat_template = CHAT_TEMPLATE
    out.mkdir(parents=True, exist_ok=True)
    tokenizer.save_pretrained(out)
    # Some readers take the template from its own file rather than tokenizer_config.json.
    (out / "chat_template.jinja").write_text(CHAT_TEMPLATE)
    config = {
        "architectures": ["LlamaForCausalLM"],
        "model_type": "llama",
        "hidden_size": 64,
        "intermediate_size": 128,
        "num_attention_heads": 4,
        "num_key_value_heads": 4,
        "head_dim": 16,
        "num_hidden_layers": 2,
        "vocab_size": VOCAB_SIZE,
        "max_position_embeddings": 2048,
        "bos_token_id": vocab["<s>"],
        "eos_token_id": vocab["</s>"],
        "pad_token_id": vocab["<pad>"],
        "torch_dtype": "float16",
        "rms_norm_eps": 1e-6,
        "tie_word_embeddings": False,
    }
    (out / "config.json").write_text(json.dumps(config, indent=2, sort_keys=True) + "\n")
    (out / "generation_config.json").write_text(
        json.dumps({"bos_token_id": vocab["<s>"], "eos_token_id": vocab["</s>"]}, indent=2) + "\n"
    )
    # A check that the saved directory loads, encodes a rendered prompt and decodes any id.
    # (The frontend renders the template itself; transformers would need jinja2, not installed.)
    loaded = PreTrainedTokenizerFast.from_pretrained(out)
    ids = loaded.encode("<|user|> hello <|end|> <|assistant|>", add_special_tokens=False)
    assert ids == [vocab["<|user|>"], vocab["hello"], vocab["<|end|>"], vocab["<|assistant|>"]], ids
    assert loaded.decode([1500, 1501]) == "t1500 t1501", loaded.decode([1500, 1501])
    print(f"model directory {out}: {len(vocab)} tokens, files {sorted(p.name for p in out.iterdir())}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make-tiny-model.py <output directory>")
    main(Path(sys.argv[1]))
