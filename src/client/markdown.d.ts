/** Help pages compiled at build time by scripts/lib/vite-markdown.ts. */
declare module '*.md' {
  const page: { title: string; html: string; text: string };
  export default page;
}
