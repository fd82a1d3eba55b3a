// Compiles the kit's one stylesheet (src/styles.css → dist/styles.css) with Tailwind's own compiler,
// scanning the kit's sources for the utilities they use.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const input = path.join(packageDir, 'src/styles.css');
const output = path.join(packageDir, 'dist/styles.css');

const compiler = await compile(await readFile(input, 'utf8'), {
  base: path.dirname(input),
  onDependency: () => {},
});
const sources =
  compiler.root === 'none'
    ? []
    : compiler.root === null
      ? [{ base: path.dirname(input), pattern: '**/*', negated: false }]
      : [{ ...compiler.root, negated: false }];
const scanner = new Scanner({ sources: [...sources, ...compiler.sources] });
const css = compiler.build(scanner.scan());
const { code } = optimize(css, { file: output, minify: true });

await mkdir(path.dirname(output), { recursive: true });
await writeFile(output, code);
console.log(
  `@farol/ui: wrote ${path.relative(process.cwd(), output)} (${(code.length / 1024).toFixed(1)} KB)`,
);
