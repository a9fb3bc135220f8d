# Shared by the benchmark scripts (sourced, not run): the Vosk Python binding that parley is
# measured against, and medians.

# Prints the Python of a virtual environment that holds the vosk 0.3.45 wheel (made once, in
# the download cache). The wheel is the one setup downloaded; when libvosk came from elsewhere
# and the cache has no wheel, it is fetched from PyPI here.
vosk_python() {
  local cache="${XDG_CACHE_HOME:-$HOME/.cache}/parley" venv wheel
  venv="$cache/bench-venv"
  # A venv an earlier failed run left without vosk is made again.
  if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import vosk' 2>/dev/null; then
    printf '%s' "$venv/bin/python"; return
  fi
  wheel=$(ls "$cache"/wheels/vosk-0.3.45-*.whl 2>/dev/null | head -n1 || true)
  if [ -z "$wheel" ]; then
    echo "downloading the vosk 0.3.45 wheel from PyPI into $cache/wheels" >&2
    mkdir -p "$cache/wheels"
    python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$cache/wheels" vosk==0.3.45 >&2 \
      || { echo "bench: could not download vosk==0.3.45 from PyPI (is PyPI reachable?)" >&2; return 1; }
    wheel=$(ls "$cache"/wheels/vosk-0.3.45-*.whl 2>/dev/null | head -n1 || true)
    [ -n "$wheel" ] || { echo "bench: pip left no vosk-0.3.45 wheel in $cache/wheels" >&2; return 1; }
  fi
  rm -rf "$venv"
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet "$wheel" >&2
  printf '%s' "$venv/bin/python"
}

# The middle of the numbers given (the lower middle of an even count).
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
