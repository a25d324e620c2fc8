// Validates JSON files against a schema taken from an OpenAPI 3.1 document (draft 2020-12, its
// formats checked: date, date-time, uri) with ajv and ajv-formats.
//   node validate_openapi.js SCHEMA FILE...
// Prints one line per file; exits 1 when any file is invalid.
const Ajv2020 = require("ajv/dist/2020");
const addFormats = require("ajv-formats");
const { validateFiles } = require("./validate.js");
const [schemaPath, ...files] = process.argv.slice(2);
// OpenAPI writes nullable fields as union types ("string", "null").
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats(ajv);
process.exit(validateFiles(ajv, schemaPath, files) ? 1 : 0);
