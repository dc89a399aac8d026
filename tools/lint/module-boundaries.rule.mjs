// A local ESLint rule for apps/api's modules (CONVENTIONS.md, apps/api: "Modules talk through ports or index.ts,
// never deep imports"). `no-restricted-imports` globs see only the import text, and a relative path's module depends
// on where the importing file sits, so this rule resolves the path first:
// - a file under apps/api/src/modules/<m>/ may import another module <o> only through its public face,
//   `../<o>` (its index.ts), or a Nest module file of <o> (`*.module`, wired by the importing *.module.ts);
// - a controller (*.controller.ts) may not import the event store (infrastructure/event-store): it dispatches
//   commands and queries instead.
import path from 'node:path';

const MODULES = path.join('apps', 'api', 'src', 'modules');

/** The module a path lies in, and the path inside it ('' for the module folder itself). */
function moduleOf(root, file) {
  const rel = path.relative(path.join(root, MODULES), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [name, ...rest] = rel.split(path.sep);
  return { name, inner: rest.join('/') };
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "Import another API module only through its index.ts; controllers never import the event store." },
    schema: [],
    messages: {
      deep: "'{{source}}' reaches into the {{module}} module's internals: import it from its public face ('{{face}}') and export what you need from {{module}}/index.ts.",
      eventStore: "A controller may not import the event store ('{{source}}'): dispatch a command or query through the bus.",
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    const root = context.cwd;
    const self = moduleOf(root, filename);
    if (!self) return {};
    const isController = filename.endsWith('.controller.ts');

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(filename), source);
      if (isController && path.relative(root, target).split(path.sep).join('/').includes('infrastructure/event-store')) {
        context.report({ node, messageId: 'eventStore', data: { source } });
      }
      const other = moduleOf(root, target);
      if (!other || other.name === self.name) return;
      const inner = other.inner.replace(/\.(ts|js)$/, '');
      const allowed = inner === '' || inner === 'index' || /(^|\/)[\w-]+\.module$/.test(inner);
      if (!allowed) {
        const face = path.relative(path.dirname(filename), path.join(root, MODULES, other.name)).split(path.sep).join('/');
        context.report({ node, messageId: 'deep', data: { source, module: other.name, face } });
      }
    };

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' && check(node, node.moduleReference.expression.value),
    };
  },
};
