/** The public documents: Markdown files bundled as their text (tsup's and Vitest's `.md` loader). */
declare module '*.md' {
  const text: string;
  export default text;
}
