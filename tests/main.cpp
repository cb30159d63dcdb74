#define CATCH_CONFIG_MAIN
// GCC 12 under the sanitizers (scripts/asan.sh, warnings as errors) reports false
// maybe-uninitialized warnings in libstdc++'s <regex>, which Catch2's main instantiates.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <catch2/catch.hpp>
