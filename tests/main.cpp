#define CATCH_CONFIG_MAIN
// GCC 12 under the sanitizers (scripts/asan.sh, warnings as errors) reports false
// maybe-uninitialized warnings in libstdc++'s <regex>, which Catch2's main instantiates.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <catch2/catch.hpp>
