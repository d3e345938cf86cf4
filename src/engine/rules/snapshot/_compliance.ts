// Compliance control ids shared by the snapshot rules, spelt once so the mappings stay consistent.
export const HIPAA = {
  accessControl: '45 CFR 164.312(a)(1) Access control',
  auditControls: '45 CFR 164.312(b) Audit controls',
  integrity: '45 CFR 164.312(c)(1) Integrity',
  authentication: '45 CFR 164.312(d) Person or entity authentication',
  transmission: '45 CFR 164.312(e)(1) Transmission security',
  malware: '45 CFR 164.308(a)(5)(ii)(B) Protection from malicious software',
  riskAnalysis: '45 CFR 164.308(a)(1)(ii)(A) Risk analysis',
} as const;

export const SOC2 = {
  logicalAccess: 'CC6.1 Logical access security',
  boundaries: 'CC6.6 Restricts logical access from outside the system boundaries',
  transmission: 'CC6.7 Restricts the transmission of data',
  malware: 'CC6.8 Prevents or detects unauthorized or malicious software',
  vulnerabilities: 'CC7.1 Detects configuration changes and vulnerabilities',
  anomalies: 'CC7.2 Monitors system components for anomalies',
  changeManagement: 'CC8.1 Manages changes to infrastructure and software',
  vendorRisk: 'CC9.2 Assesses and manages vendor and business partner risk',
  processingIntegrity: 'PI1.3 Processing is complete, valid, accurate, timely and authorized',
  capacity: 'A1.1 Manages capacity demand',
} as const;
