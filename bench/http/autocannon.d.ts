// The part of autocannon's programmatic API that rotating-load.ts uses (the package ships no types).
declare module "autocannon" {
  type Request = { method?: string; path: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    requests?: { setupRequest?: (request: Request) => Request }[];
  };
  export default function autocannon(options: Options): Promise<unknown>;
}
