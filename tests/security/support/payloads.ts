/** Script and markup that would run if a page or mail put it into HTML unescaped. */
export const XSS_PAYLOADS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "</script><script>alert(1)</script>",
  "<svg/onload=alert(1)>",
  "javascript:alert(1)",
  "' onmouseover='alert(1)",
  '<a href="javascript:alert(1)">klick</a>',
  "{{constructor.constructor('alert(1)')()}}",
];
