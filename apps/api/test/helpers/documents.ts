import { PDFDocument } from 'pdf-lib';

/** A real one-page PDF, as a PDF library writes it. */
export async function onePagePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([200, 300]);
  return Buffer.from(await document.save());
}

/** Looks like a PDF at both ends, but HTML inside: no PDF reader opens it. */
export const HTML_IN_PDF = Buffer.from(
  `%PDF-1.4\n<html><body><script>alert(1)</script>${' '.repeat(64)}</body></html>\n%%EOF\n`,
);
