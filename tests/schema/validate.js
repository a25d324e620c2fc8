// Validates JSON files against a JSON Schema (draft 2020-12) with ajv.
//   node validate.js SCHEMA FILE...
// Prints one line per file; exits 1 when any file is invalid. validate_openapi.js uses
// validateFiles with an ajv of its own.
const fs = require("fs");
const Ajv2020 = require("ajv/dist/2020");

// Prints each file's verdict; returns how many are invalid.
function validateFiles(ajv, schemaPath, files) {
  const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, "utf8")));
  let bad = 0;
  for (const f of files) {
    if (validate(JSON.parse(fs.readFileSync(f, "utf8")))) {
      console.log(`${f}: valid`);
    } else {
      bad++;
      for (const e of validate.errors) console.log(`${f}: ${e.instancePath || "/"}: ${e.message}`);
    }
  }
  return bad;
}

module.exports = { validateFiles };

if (require.main === module) {
  const [schemaPath, ...files] = process.argv.slice(2);
  process.exit(validateFiles(new Ajv2020({ allErrors: true, strict: true }), schemaPath, files) ? 1 : 0);
}
