// Component tests opt in to a DOM with `// @vitest-environment jsdom` at the top of the file.
export {};
