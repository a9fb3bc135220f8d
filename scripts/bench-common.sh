# Shared by the benchmark scripts (sourced, not run): the Vosk Python binding that parley is
# measured against, and medians.

# Prints the Python of a virtual environment that holds the vosk 0.3.45 wheel setup
# downloaded (made once, in the download cache).
vosk_python() {
  local cache="${XDG_CACHE_HOME:-$HOME/.cache}/parley" venv
  venv="$cache/bench-venv"
  if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install --quiet "$(ls "$cache"/wheels/vosk-0.3.45-*.whl | head -n1)" >&2
  fi
  printf '%s' "$venv/bin/python"
}

# The middle of the numbers given (the lower middle of an even count).
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
