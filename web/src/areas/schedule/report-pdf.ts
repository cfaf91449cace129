/** The texts and rows of a capture report PDF, already formatted in the reader's language. */
export interface ReportPdf {
  title: string;
  subtitle: string;
  columns: readonly [string, string, string, string, string];
  rows: ReadonlyArray<readonly [string, string, string, string, string]>;
  total: string;
  fileName: string;
}

const COLUMN_X = [14, 100, 130, 152, 174] as const;
const ADDRESS_WIDTH = 84;

/**
 * Draws the capture report (part 2 §9: columns Adresse, Date, Début, Fin, Total and a total capture
 * time line) with jspdf, loaded on first use, and starts the download.
 */
export async function downloadReportPdf(report: ReportPdf): Promise<void> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'letter' });
  const bottom = doc.internal.pageSize.getHeight() - 16;
  doc.setFontSize(16);
  doc.text(report.title, 14, 18);
  doc.setFontSize(10);
  doc.text(report.subtitle, 14, 25);
  let y = 35;
  const header = () => {
    doc.setFont('helvetica', 'bold');
    report.columns.forEach((c, i) => doc.text(c, COLUMN_X[i]!, y));
    doc.setFont('helvetica', 'normal');
    y += 7;
  };
  header();
  for (const row of report.rows) {
    const address = doc.splitTextToSize(row[0], ADDRESS_WIDTH) as string[];
    const height = address.length * 5 + 2;
    if (y + height > bottom) {
      doc.addPage();
      y = 18;
      header();
    }
    doc.text(address, COLUMN_X[0], y);
    row.slice(1).forEach((cell, i) => doc.text(cell, COLUMN_X[i + 1]!, y));
    y += height;
  }
  if (y + 8 > bottom) {
    doc.addPage();
    y = 18;
  }
  doc.setFont('helvetica', 'bold');
  doc.text(report.total, 14, y + 4);
  doc.save(report.fileName);
}
