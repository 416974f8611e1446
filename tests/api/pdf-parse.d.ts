// The parser itself, without the package index's self-test that runs when it is imported as ESM.
declare module 'pdf-parse/lib/pdf-parse.js' {
  import parse from 'pdf-parse';
  export default parse;
}
