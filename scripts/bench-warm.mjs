// The MCP client of `scripts/bench --only warm`: the official TypeScript SDK client (from
// test-engines/node_modules) drives `signalint mcp` over stdio through an agent's edit loop
// and prints one JSON object with the timings (ms), sizes (bytes) and memory (bytes).
//
// Usage: node scripts/bench-warm.mjs <signalint> <project> <config> <leaf> <hub> <runs> [<hub2>]
// where <hub2> is a second hub whose declarations need the type checker (an inferred return
// type), so a body edit of it still reaches its importers. With <leaf> `-` it times only the
// first check_project of a fresh server (`scripts/bench --only repos`: the MCP cold check) and
// a second one (warm), and prints {start, again, start_message}; <config> `-` is none.
import { readFileSync, writeFileSync, readdirSync, openSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const sdk = join(root, "test-engines/node_modules/@modelcontextprotocol/client/dist");
const { Client } = await import(pathToFileURL(join(sdk, "index.mjs")));
const { StdioClientTransport } = await import(pathToFileURL(join(sdk, "stdio.mjs")));

const [binary, project, config, leafPath, hubPath, runsText, inferredPath] = process.argv.slice(2);
const runs = Number(runsText);
const transport = new StdioClientTransport({
  command: binary,
  args: ["mcp", "--root", project, ...(config === "-" ? [] : ["--config", config])],
  env: { ...process.env, SIGNALINT_TRUST: "1", SIGNALINT_NO_INSTALL: "1" },
  // The server's log (`SIGNALINT_LOG=debug` for its timings) goes to the file
  // `SIGNALINT_BENCH_STDERR` names, or nowhere.
  stderr: process.env.SIGNALINT_BENCH_STDERR ? openSync(process.env.SIGNALINT_BENCH_STDERR, "w") : "ignore",
});
const client = new Client({ name: "signalint-bench", version: "0" });
await client.connect(transport);

/// One tool call: its wall time, the time to its first early-results notification, its size.
async function call(name, args) {
  const started = performance.now();
  let early = null;
  const result = await client.callTool(
    { name, arguments: args },
    {
      timeout: 600_000,
      onprogress: (progress) => {
        if (early === null && String(progress.message ?? "").includes("first results")) {
          early = performance.now() - started;
        }
      },
    },
  );
  const ms = performance.now() - started;
  if (result.isError) throw new Error(`${name} failed: ${result.content?.[0]?.text}`);
  return { ms, early, bytes: JSON.stringify(result).length, value: result.structuredContent };
}

/// The resident memory of a process and its descendants.
function treeRss(pid) {
  const parents = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(name), ppid);
    } catch {}
  }
  let total = 0;
  const wanted = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of parents) {
      if (wanted.has(parent) && !wanted.has(child)) { wanted.add(child); grew = true; }
    }
  }
  for (const p of wanted) {
    try {
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      const kib = Number((status.match(/VmRSS:\s+(\d+)/) ?? [0, 0])[1]);
      total += kib * 1024;
    } catch {}
  }
  return total;
}

const status = (answer) => answer.value.engines.tsc;
if (leafPath === "-") {
  const first = await call("check_project", {});
  const again = await call("check_project", {});
  console.log(JSON.stringify({ start: first.ms, again: again.ms,
                               start_message: status(first)?.message ?? "" }));
  await client.close();
  process.exit(0);
}
const leaf = join(project, leafPath);
const hub = join(project, hubPath);
const leafText = readFileSync(leaf, "utf8");
const hubText = readFileSync(hub, "utf8");
// A body-only edit: a statement added inside the first function body, no declaration changed.
function bodyEdit(text, i) {
  const at = text.search(/\)\s*(?::[^={;]+)?\s*=>\s*\{\n|\)\s*(?::[^={;]+)?\{\n/);
  const brace = text.indexOf("{\n", at) + 2;
  return `${text.slice(0, brace)}  void ${i}\n${text.slice(brace)}`;
}
const inferred = inferredPath ? join(project, inferredPath) : null;
const inferredText = inferred ? readFileSync(inferred, "utf8") : null;

const out = { start: null, leaf: [], body: [], body_inferred: [], export: [], early: [],
              check_files_bytes: 0,
              messages: { leaf: [], body: [], body_inferred: [], export: [] } };
const first = await call("check_project", {});
out.start = first.ms;
out.start_message = status(first).message ?? "";
for (let i = 0; i < runs; i++) {
  writeFileSync(leaf, `${leafText}\nexport const benchLeaf${i}: string = ${i};\n`);
  const l = await call("check_files", { files: [leafPath] });
  out.leaf.push(l.ms);
  out.check_files_bytes = l.bytes;
  out.messages.leaf.push(status(l).message ?? "");
  if (l.early !== null) out.early.push(l.early);
  writeFileSync(leaf, leafText);
  await call("check_files", { files: [leafPath] });

  writeFileSync(hub, bodyEdit(hubText, i));
  const b = await call("check_files", { files: [hubPath] });
  out.body.push(b.ms);
  out.messages.body.push(status(b).message ?? "");
  writeFileSync(hub, hubText);
  await call("check_files", { files: [hubPath] });

  if (inferred) {
    writeFileSync(inferred, bodyEdit(inferredText, i));
    const n = await call("check_files", { files: [inferredPath] });
    out.body_inferred.push(n.ms);
    out.messages.body_inferred.push(status(n).message ?? "");
    writeFileSync(inferred, inferredText);
    await call("check_files", { files: [inferredPath] });
  }

  writeFileSync(hub, `${hubText}\nexport const benchCore${i} = ${i};\n`);
  const e = await call("check_files", { files: [hubPath] });
  out.export.push(e.ms);
  out.messages.export.push(status(e).message ?? "");
  if (e.early !== null) out.early.push(e.early);
  writeFileSync(hub, hubText);
  await call("check_files", { files: [hubPath] });
}
out.rss = treeRss(transport.pid);
const top = first.value.clusters?.[0]?.clusterId;
if (top) out.detail_bytes = (await call("get_issue_detail", { clusterId: top })).bytes;
out.tools_list_bytes = JSON.stringify(await client.listTools()).length;
await client.close();
console.log(JSON.stringify(out));
