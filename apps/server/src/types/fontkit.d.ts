// fontkit (pdfkit's font engine) ships no types; the schedule only asks a face which characters it draws.
declare module 'fontkit' {
  export function create(buffer: Buffer): unknown;
}
