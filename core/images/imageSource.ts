// What image detection is given: an address (the service fetches it; its domain must be
// approved for the account, api.md) or a file's bytes (sent as multipart image_file). Shared by
// `mmq detect` and the editor's commands so that both read an argument the same way.

/** The image types the explorer offers detection on, by extension, with their media types. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The media type of a file by its name's extension; unknown ones as bytes (the service sniffs). */
export function imageContentType(fileName: string): string {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return IMAGE_TYPES[extension] ?? 'application/octet-stream';
}

/** Whether an argument is an address (`scheme://…`) rather than a file path. */
export function isAddress(argument: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(argument);
}

/** Why an address cannot be sent for detection, or undefined when it can (http or https). */
export function addressProblem(argument: string): string | undefined {
  try {
    const url = new URL(argument);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? undefined
      : `${argument}: only http and https addresses can be sent (or give a file)`;
  } catch {
    return `${argument}: not an address`;
  }
}
