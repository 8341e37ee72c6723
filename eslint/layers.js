/**
 * The layers' imports as allowlists (ARCHITECTURE.md, Layers): each layer names the folders and
 * files of this repository and the packages it may import, and every other import is refused.
 * A denylist let through what nobody had thought to list (issue 29: core could import the SDK,
 * a component the session database, a worker the session store). Relative imports are resolved
 * against the importing file, so `../` cannot slip out of a layer unseen.
 */
import path from 'node:path';

/** The package an import names: `@scope/name` or `name`, without its subpath or `?url`. */
function packageOf(specifier) {
  const parts = specifier.split('?')[0].split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Whether `file` (repo-relative, `/`-separated) is one of `places`: a folder ending in `/`, or a file. */
const within = (file, places) =>
  places.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p));

/** Whether an import or export brings in types only (`import type`, or every name `type`). */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const names = node.specifiers ?? [];
  return names.length > 0 && names.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Each layer imports only what its allowlist names.' },
    schema: [{ type: 'object', additionalProperties: true }],
    messages: {
      computed:
        "An import of a computed path cannot be checked against the layers' allowlists (eslint.config.js, layers): name the file.",
      unplaced:
        '{{file}} is in no layer: add it to LAYERS, or to the composition root, in eslint.config.js.',
      refused:
        '{{layer}} may not import {{what}}: it may import {{allowed}} (eslint.config.js, layers; ARCHITECTURE.md, Layers).',
    },
  },
  create(context) {
    // Paths are the repository's (the config's folder), wherever ESLint is run from.
    const { layers, root, compositionRoot } = context.options[0];
    const here = path.relative(root, context.filename).split(path.sep).join('/');
    const layer = layers.find((l) => within(here, l.files));
    if (!layer) {
      if (within(here, compositionRoot)) return {};
      return {
        Program: (node) => context.report({ node, messageId: 'unplaced', data: { file: here } }),
      };
    }
    const check = (node, source, types) => {
      if (!source) return;
      // import(`…${x}`) or import(name): no path to check, and so none allowed.
      const literal = source.type === 'TSLiteralType' ? source.literal : source;
      if (literal.type !== 'Literal' || typeof literal.value !== 'string')
        return context.report({ node: source, messageId: 'computed' });
      const specifier = literal.value;
      let ok;
      let what;
      if (specifier.startsWith('.')) {
        const target = path
          .relative(root, path.resolve(path.dirname(context.filename), specifier.split('?')[0]))
          .split(path.sep)
          .join('/');
        what = target;
        ok = within(target, layer.may) || (types && within(target, layer.types ?? []));
      } else {
        what = `the package ${packageOf(specifier)}`;
        ok = (layer.packages ?? []).includes(packageOf(specifier));
      }
      if (!ok) {
        const allowed = [...layer.may, ...(layer.types ?? []).map((t) => `${t} (types)`)];
        if (layer.packages?.length) allowed.push(layer.packages.join(', '));
        context.report({
          node: source,
          messageId: 'refused',
          data: { layer: layer.name, what, allowed: allowed.join(', ') },
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source, typeOnly(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, typeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source, false),
      // `type T = import('…').T` and `typeof import('…')`: types only.
      TSImportType: (node) => check(node, node.argument, true),
      // `import x = require('…')`.
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' &&
        check(node, node.moduleReference.expression, node.importKind === 'type'),
    };
  },
};

export default { rules: { imports: rule } };
