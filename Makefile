# The README's commands. Everything a fresh Debian 12 machine lacks is installed by `make deps`.
BUILD      ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
JOBS       ?= $(shell nproc)
CMAKE_GEN  := $(shell command -v ninja >/dev/null 2>&1 && echo "-G Ninja")

DEB_PACKAGES := build-essential cmake ninja-build ccache pkg-config git \
                libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev libfmt-dev \
                libsodium-dev libsqlite3-dev libpq-dev zlib1g-dev libbrotli-dev libboost1.81-dev \
                pgn-extract bc
BENCH_PACKAGES := stockfish fairy-stockfish hyperfine
# The browser tests drive Debian's Chromium (never a downloaded browser).
TEST_PACKAGES := chromium fonts-noto-color-emoji
# The server tests start a throwaway PostgreSQL (and the cluster tests HAProxy) themselves.
SERVICE_PACKAGES := postgresql haproxy
# The fuzz targets are built with Debian's clang and its libFuzzer runtime.
FUZZ_PACKAGES := clang-14 libclang-rt-14-dev
FUZZ_TARGETS := fen minesweeper_fen san pgn uci json_action http

.PHONY: all deps test-deps service-deps cluster cluster-stop test-cluster node-deps build web web-deps run test test-unit test-web test-sanitize bench bench-deps fuzz fuzz-deps format clean

all: build

# Installs missing Debian packages (needs root, as on a fresh machine); does nothing when all are there.
deps:
	@missing=""; for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" != 0 ]; then echo "make deps: need root to apt-get install$$missing" >&2; exit 1; fi; \
	  DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

test-deps:
	@missing=""; for p in $(TEST_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# Node.js 20+ and npm for the web client: Debian's own when the machine has none.
node-deps:
	@command -v npm >/dev/null 2>&1 || { \
	  DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm; }

service-deps:
	@missing=""; for p in $(SERVICE_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

bench-deps:
	@missing=""; for p in $(BENCH_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

fuzz-deps:
	@missing=""; for p in $(FUZZ_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" != 0 ]; then echo "make fuzz-deps: need root to apt-get install$$missing" >&2; exit 1; fi; \
	  DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

$(BUILD)/build.ninja $(BUILD)/Makefile: CMakeLists.txt | deps
	cmake -S . -B $(BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release

build: deps web
	@[ -f $(BUILD)/CMakeCache.txt ] || cmake -S . -B $(BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD) -j $(JOBS)

# The browser client: npm packages from the lock file (again only when it changed), then Vite.
web/node_modules/.package-lock.json: web/package-lock.json | node-deps
	cd web && npm ci --no-audit --no-fund
web-deps: web/node_modules/.package-lock.json
web: web-deps
	cd web && npm run build

run: build
	./$(BUILD)/arbiter serve

test: test-unit test-web

test-unit: build service-deps
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# A cluster on this machine: a throwaway PostgreSQL, three nodes and HAProxy on 127.0.0.1:8090
# (deploy/cluster; pid files and logs in build/cluster). `make cluster-stop` ends it all.
cluster: build service-deps
	deploy/cluster start

cluster-stop:
	deploy/cluster stop

# The cluster under faults (tests/cluster_faults_test.cpp): kill -9, SIGSTOP past the lease, a
# PostgreSQL restart, leaks and authorization through HAProxy. Each test starts its own cluster.
test-cluster: build service-deps
	./$(BUILD)/arbiter_tests --gtest_filter='ClusterFaults*'

# Client unit tests (Vitest), then the browser tests against a real `arbiter serve`.
test-web: build test-deps service-deps
	cd web && npm test
	cd web && npm run e2e

# Unit tests once more under AddressSanitizer + UndefinedBehaviorSanitizer (portable flags, so the
# magic-bitboard path is exercised here while the native build uses PEXT).
test-sanitize: deps service-deps
	@[ -f $(ASAN_BUILD)/CMakeCache.txt ] || cmake -S . -B $(ASAN_BUILD) $(CMAKE_GEN) \
	  -DCMAKE_BUILD_TYPE=Debug -DARBITER_SANITIZE=ON -DARBITER_NATIVE=OFF
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	ARBITER_SANITIZED=1 ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS)

# Coverage-guided fuzzing (fuzz/): libFuzzer + ASan + UBSan under clang 14, each target for
# FUZZ_SECONDS from its seed corpus fuzz/corpus/<target>. New inputs go to
# $(FUZZ_BUILD)/corpus/<target>, crashes to $(FUZZ_BUILD)/crashes/<target>/, the log to
# $(FUZZ_BUILD)/logs/<target>.log; nothing is written into the repository.
fuzz: deps fuzz-deps
	@[ -f $(FUZZ_BUILD)/CMakeCache.txt ] || cmake -S . -B $(FUZZ_BUILD) $(CMAKE_GEN) \
	  -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++-14 -DARBITER_FUZZ=ON -DARBITER_NATIVE=OFF
	cmake --build $(FUZZ_BUILD) -j $(JOBS)
	@mkdir -p $(FUZZ_BUILD)/logs; failed=""; \
	for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$t $(FUZZ_BUILD)/crashes/$$t; \
	  echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
	  if $(FUZZ_BUILD)/$${t}_fuzz -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	      -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/crashes/$$t/ \
	      $(FUZZ_BUILD)/corpus/$$t fuzz/corpus/$$t >$(FUZZ_BUILD)/logs/$$t.log 2>&1; then \
	    grep -E "^stat::(number_of_executed_units|average_exec_per_sec)" \
	      $(FUZZ_BUILD)/logs/$$t.log | tr '\n' ' '; echo; \
	  else \
	    tail -n 60 $(FUZZ_BUILD)/logs/$$t.log; failed="$$failed $$t"; \
	  fi; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: FAILED:$$failed (inputs in $(FUZZ_BUILD)/crashes/)"; exit 1; fi

bench: build bench-deps
	bench/perft_vs_stockfish.sh

format:
	find core variants referee belief engine server apps tests bench fuzz -name '*.cpp' -o -name '*.h' | xargs clang-format -i

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)
