#!/usr/bin/env node
"use strict";
// The `signalint` command of the npm package: finds the native binary in this platform's
// package (an optional dependency, so npm installs only the one that fits) and runs it with
// the same arguments, standard streams and exit status. `SIGNALINT_BINARY` names another
// binary (a local build, say).

const { spawn } = require("node:child_process");
const { PLATFORMS, packageName, binaryName, current } = require("../platforms.js");

function fail(message) {
  process.stderr.write(`signalint: ${message}\n`);
  process.exit(2);
}

function binaryPath() {
  if (process.env.SIGNALINT_BINARY) return process.env.SIGNALINT_BINARY;
  const platform = current();
  if (!platform) {
    const supported = PLATFORMS.map(packageName).join(", ");
    fail(
      `no signalint build for ${process.platform}-${process.arch}; the platform packages are ` +
        `${supported}. Build it from source (cargo build --workspace --release) and set ` +
        `SIGNALINT_BINARY to target/release/signalint.`,
    );
  }
  const name = packageName(platform);
  try {
    return require.resolve(`${name}/${binaryName(platform)}`);
  } catch {
    fail(
      `the platform package ${name} is not installed, so there is no signalint binary to run. ` +
        `It is an optional dependency of signalint: reinstall without --omit=optional or ` +
        `--no-optional (npm install --save-dev signalint), or add it yourself ` +
        `(npm install --save-dev ${name}).`,
    );
  }
}

const child = spawn(binaryPath(), process.argv.slice(2), { stdio: "inherit", windowsHide: true });

// The binary is the real process: signals for this launcher are its signals.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}

child.on("error", (error) => fail(`cannot start ${child.spawnfile}: ${error.message}`));
child.on("exit", (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 2);
  }
});
