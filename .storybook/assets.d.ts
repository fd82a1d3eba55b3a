/** An imported SVG is its URL (a data URL in the manager, an asset URL in Vite). */
declare module '*.svg' {
  const url: string;
  export default url;
}
