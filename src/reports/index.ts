// Reports: turning a stored scan result into a document people keep (the PDF, spec §4.5).
// Rendering is synchronous work the service does on download; it is not a job.
export { reportFileName } from './file-name.js';
export { renderReportPdf, type ReportInput } from './render-report.js';
