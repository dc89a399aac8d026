// Lets a plain `node` child process (fault tests, fixtures) run the API's TypeScript sources directly: swc strips
// types with decorator metadata, and @credence/* resolve to the libraries' sources, as in jest.
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../..');
const aliases = {
  '@credence/domain': path.join(root, 'libs/domain/src/index.ts'),
  '@credence/read-models': path.join(root, 'libs/read-models/src/index.ts'),
};

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (aliases[request]) return aliases[request];
  try {
    return resolve.call(this, request, parent, ...rest);
  } catch (e) {
    if (request.startsWith('.') && parent?.filename) {
      const candidate = path.resolve(path.dirname(parent.filename), request);
      for (const ext of ['.ts', '/index.ts']) {
        try {
          return resolve.call(this, candidate + ext, parent, ...rest);
        } catch {
          /* next */
        }
      }
    }
    throw e;
  }
};

require.extensions['.ts'] = function (module, filename) {
  const source = require('node:fs').readFileSync(filename, 'utf8');
  const { code } = transformSync(source, {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
