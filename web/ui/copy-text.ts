/** Copies to the clipboard; false where the browser refuses (no permission, insecure context, old phone). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
