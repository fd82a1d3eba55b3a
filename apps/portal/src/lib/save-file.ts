/** Saves a Blob as a download named `name` (an object URL on a link clicked once, then released). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Released on the next turn: the download has started by then.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
