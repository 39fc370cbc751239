#!/bin/bash -eu
# Builds cropsim's libFuzzer targets for ClusterFuzzLite / OSS-Fuzz, the way those build Swift
# projects: `precompile_swift` (from the base-builder-swift image) sets SWIFTFLAGS for the
# sanitizer ($SANITIZER) with -sanitize=fuzzer, and the targets are built with `swift build` and
# copied to $OUT with their seed corpora, dictionary and options. scripts/check-clusterfuzzlite
# runs these same steps outside the image (with a stand-in precompile_swift) in CI.
#
#   FuzzTrace           choice sequences → random gesture traces, judged by the oracle
#   FuzzScenarioParser  bytes → the strict scenario parser (and the schema's agreement with it)
. precompile_swift

cd "$SRC/cropsim"
targets=(FuzzTrace FuzzScenarioParser)
# The scratch folder is SwiftPM's default in the image; scripts/check-clusterfuzzlite points it
# at the one check-fuzz-parser already built, so CI compiles nothing twice.
scratch=${CROPSIM_FUZZ_SCRATCH:-.build}
# GSL (and the other C libraries) are linked dynamically and the runner image does not have
# them: they are copied to $OUT/lib and found through the targets' RUNPATH.
# shellcheck disable=SC2086,SC2016  # SWIFTFLAGS is a word list by design; $ORIGIN is for the linker
flags=(-c release --scratch-path "$scratch" $SWIFTFLAGS -Xlinker -rpath -Xlinker '$ORIGIN/lib')
for target in "${targets[@]}"; do
  swift build "${flags[@]}" --product "$target"
done
bin=$(swift build "${flags[@]}" --show-bin-path)

mkdir -p "$OUT/lib"
for target in "${targets[@]}"; do
  cp "$bin/$target" "$OUT/$target"
  ldd "$OUT/$target" | awk '$3 ~ /^\// { print $3 }' | grep -E '/lib(gsl|gslcblas|png16|jpeg|lcms2|crypto)\.' |
    while read -r library; do cp -L "$library" "$OUT/lib/"; done
done

# Seed corpora, dictionary and options, named <target>_seed_corpus.zip, <target>.dict, <target>.options.
rm -f "$OUT"/*_seed_corpus.zip
(cd Fuzz/corpus/trace && zip -q -r "$OUT/FuzzTrace_seed_corpus.zip" .)
zip -q -r "$OUT/FuzzScenarioParser_seed_corpus.zip" Fuzz/corpus/scenario-parser Scenarios -i '*.json' 'Fuzz/corpus/scenario-parser/*'
cp Fuzz/scenario.dict "$OUT/FuzzScenarioParser.dict"
printf '[libfuzzer]\nmax_len = 4096\ntimeout = 10\n' >"$OUT/FuzzTrace.options"
printf '[libfuzzer]\nmax_len = 65536\ntimeout = 10\ndict = FuzzScenarioParser.dict\n' >"$OUT/FuzzScenarioParser.options"
