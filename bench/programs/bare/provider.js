/**
 * The floor's dynamic provider: it only copies values (no HTTP, no validation). Its outputs are those the package's
 * resource keeps (record.json beside the program, written by bench/cli.js), with the inputs over them. The program's
 * serialized provider loads this file by path from the program's directory, the provider host's working directory.
 */
const fs = require("node:fs");
const path = require("node:path");

let next = 0;
let record;

exports.create = async (inputs) => {
  record ??= JSON.parse(fs.readFileSync(path.join(process.cwd(), "record.json"), "utf8"));
  return { id: `${process.pid}-${++next}`, outs: { ...record, ...inputs } };
};
exports.read = async (id, props) => ({ id, props });
exports.diff = async (_id, olds, news) => ({
  changes: Object.keys(news).some((key) => key !== "__provider" && JSON.stringify(news[key]) !== JSON.stringify(olds[key])),
});
exports.update = async (_id, olds, news) => ({ outs: { ...olds, ...news } });
exports.delete = async () => {};
