// The npm `punycode` package ships no types and @types/punycode is not installed.
// Only the part of its ES module build this project uses is declared here.
declare module "punycode/punycode.es6.js" {
  const punycode: {
    decode(input: string): string;
    encode(input: string): string;
    toASCII(input: string): string;
    toUnicode(input: string): string;
  };
  export default punycode;
}
