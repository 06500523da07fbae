#!/usr/bin/env node
/**
 * `node scripts/refresh-posthog-facts.js <posthog-tree> [fixture]`: rewrites test/fixtures/posthog-api-facts.json from
 * the TypeScript types PostHog generates from its own OpenAPI schema (`products/<product>/frontend/generated/
 * api.schemas.ts`, `frontend/src/generated/core/api.schemas.ts`) in a checkout of PostHog/posthog.
 *
 * Each kind's folder names the generated file and the schemas (request and answer types) that describe it, or why
 * there is none (its fields.ts's `…ApiTypes`, read from lib/: run `npm run build` first); this script writes, per
 * kind, those names and what the types state of each field: read-only, nullable, required, its
 * type as written, its enum values, its length and range limits. Facts only: nothing of PostHog's text is kept but
 * field names, enum values and numbers. The commit each file was read at: the tree's `git rev-parse HEAD`, or, for a
 * tree assembled file by file, its `.commits.json` ({ "<path>": "<commit>" }).
 *
 * Parsed with TypeScript's compiler API, never evaluated.
 */
const fs = require("node:fs");
const path = require("node:path");
const { execFileSync } = require("node:child_process");
const ts = require("typescript");

const DEFAULT_FIXTURE = path.join(__dirname, "..", "test", "fixtures", "posthog-api-facts.json");

/** The commit each file of the tree was read at. */
function commitsOf(tree) {
  const listed = path.join(tree, ".commits.json");
  if (fs.existsSync(listed)) {
    const commits = JSON.parse(fs.readFileSync(listed, "utf8"));
    return (file) => commits[file] ?? "unknown";
  }
  let head = "unknown";
  try {
    head = execFileSync("git", ["-C", tree, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    // Not a git checkout and no .commits.json: the facts still refresh, their commit unknown.
  }
  return () => head;
}

/** A JSDoc tag's text. */
function tagText(tag) {
  if (typeof tag.comment === "string") return tag.comment;
  return (tag.comment ?? []).map((part) => part.text).join("");
}

/** The `const X = { ... } as const` objects of a file: generated enums, by name, with their literal values. */
function enumsOf(source) {
  const enums = new Map();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      let init = declaration.initializer;
      if (init && ts.isAsExpression(init)) init = init.expression;
      if (!init || !ts.isObjectLiteralExpression(init) || !ts.isIdentifier(declaration.name)) continue;
      const values = [];
      for (const property of init.properties) {
        if (ts.isPropertyAssignment(property)) {
          const value = literalOf(property.initializer);
          if (value !== undefined) values.push(value);
        } else if (ts.isSpreadAssignment(property) && ts.isIdentifier(property.expression)) {
          values.push(...(enums.get(property.expression.text) ?? []));
        }
      }
      enums.set(declaration.name.text, values);
    }
  }
  return enums;
}

function literalOf(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand))
    return -Number(node.operand.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  return undefined;
}

/** The members of a union type (a type that is no union: itself). */
function unionMembers(type) {
  if (ts.isParenthesizedTypeNode(type)) return unionMembers(type.type);
  return ts.isUnionTypeNode(type) ? type.types.flatMap(unionMembers) : [type];
}

/** What one property of a generated interface states. */
function fieldFacts(member, source, enums) {
  const facts = { readOnly: (member.modifiers ?? []).some((m) => m.kind === ts.SyntaxKind.ReadonlyKeyword) };
  const members = member.type ? unionMembers(member.type) : [];
  const isNull = (t) => ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword;
  const tags = ts.getJSDocTags(member);
  facts.nullable = members.some(isNull) || tags.some((tag) => tag.tagName.text === "nullable");
  facts.required = !member.questionToken;
  facts.type = member.type ? member.type.getText(source).replace(/\s+/g, " ") : "unknown";
  const values = [];
  for (const t of members) {
    if (ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName) && enums.has(t.typeName.text)) values.push(...enums.get(t.typeName.text));
    else if (ts.isLiteralTypeNode(t) && !isNull(t)) {
      const value = literalOf(t.literal);
      if (value !== undefined) values.push(value);
    }
  }
  if (values.length > 0) facts.enum = [...new Set(values)];
  for (const tag of tags) {
    const name = tag.tagName.text;
    const text = tagText(tag).trim();
    if (["maxLength", "minLength", "minimum", "maximum", "maxItems", "minItems"].includes(name)) facts[name] = Number(text);
    else if (name === "items" && text.startsWith(".maxLength")) facts.itemsMaxLength = Number(text.slice(".maxLength".length));
    else if (name === "pattern") facts.pattern = text;
  }
  return facts;
}

/** The properties of an interface of a generated file, by name. */
function interfaceFields(source, name, enums) {
  const declaration = source.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (!declaration) return undefined;
  const fields = {};
  for (const member of declaration.members) {
    if (!ts.isPropertySignature(member) || !member.name) continue;
    const field = ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : member.name.getText(source);
    fields[field] = fieldFacts(member, source, enums);
  }
  return fields;
}

/**
 * A kind's fields over all its schemas: a field is writable where any schema takes it (`writableIn` names those,
 * when not every schema that has it does), and `in` names the schemas that have it, when not all do. A writable
 * form's facts describe what is sent: they win over an answer's read-only form.
 */
function mergeSchemas(bySchema) {
  const names = Object.keys(bySchema);
  const seen = new Map();
  for (const schema of names) {
    for (const [field, facts] of Object.entries(bySchema[schema])) {
      const entry = seen.get(field) ?? { in: [], writableIn: [], facts };
      entry.in.push(schema);
      if (!facts.readOnly) entry.writableIn.push(schema);
      if (entry.facts.readOnly && !facts.readOnly) entry.facts = facts;
      seen.set(field, entry);
    }
  }
  const fields = {};
  for (const [field, entry] of seen) {
    const facts = { ...entry.facts, readOnly: entry.writableIn.length === 0 };
    if (entry.in.length < names.length) facts.in = entry.in;
    if (entry.writableIn.length > 0 && entry.writableIn.length < entry.in.length) facts.writableIn = entry.writableIn;
    fields[field] = facts;
  }
  return fields;
}

/** Every kind's folder and what its `…ApiTypes` names, from the built package. */
function namedByKinds() {
  const kindsDir = path.join(__dirname, "..", "lib", "kinds");
  const named = {};
  for (const folder of fs.readdirSync(kindsDir).sort()) {
    const fields = path.join(kindsDir, folder, "fields.js");
    if (!fs.existsSync(fields)) continue;
    const found = Object.entries(require(fields)).filter(([name]) => name.endsWith("ApiTypes"));
    if (found.length !== 1) throw new Error(`${folder}/fields.ts exports ${found.length} …ApiTypes`);
    const types = found[0][1];
    named[folder] = types.missing === undefined ? { file: types.file, schemas: [...types.schemas] } : { missing: types.missing };
  }
  return named;
}

function refresh(tree, fixturePath) {
  const fixture = JSON.parse(fs.readFileSync(fixturePath, "utf8"));
  // The fixture's order kept, a new kind last, so that a refresh shows only what changed.
  const named = namedByKinds();
  const order = [...Object.keys(fixture.kinds).filter((kind) => named[kind]), ...Object.keys(named).filter((kind) => !fixture.kinds[kind])];
  fixture.kinds = Object.fromEntries(order.map((kind) => [kind, named[kind]]));
  const commitOf = commitsOf(tree);
  const parsed = new Map();
  const read = (file) => {
    if (!parsed.has(file)) {
      const text = fs.readFileSync(path.join(tree, file), "utf8");
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      parsed.set(file, { source, enums: enumsOf(source) });
    }
    return parsed.get(file);
  };
  const sources = {};
  for (const [kind, entry] of Object.entries(fixture.kinds)) {
    if (!entry.file) continue;
    if (!fs.existsSync(path.join(tree, entry.file))) throw new Error(`${kind}: ${entry.file} is not in ${tree}`);
    const { source, enums } = read(entry.file);
    const bySchema = {};
    for (const schema of entry.schemas) {
      const fields = interfaceFields(source, schema, enums);
      if (!fields) throw new Error(`${kind}: ${entry.file} has no interface ${schema}`);
      bySchema[schema] = fields;
    }
    entry.fields = mergeSchemas(bySchema);
    sources[entry.file] = commitOf(entry.file);
  }
  fixture.sources = Object.fromEntries(Object.entries(sources).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(fixturePath, `${JSON.stringify(fixture, null, 2)}\n`);
  const kinds = Object.values(fixture.kinds);
  console.log(
    `${path.relative(process.cwd(), fixturePath)}: ${kinds.filter((k) => k.file).length} kinds from ${Object.keys(sources).length} files, ${kinds.filter((k) => !k.file).length} without a generated schema`,
  );
}

const [tree, fixturePath = DEFAULT_FIXTURE] = process.argv.slice(2);
if (!tree) {
  console.error("usage: node scripts/refresh-posthog-facts.js <posthog-tree> [fixture]");
  process.exit(2);
}
refresh(path.resolve(tree), path.resolve(fixturePath));
