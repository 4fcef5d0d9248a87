// Placeholders let `sanity build` and typegen run offline; a real deployment sets both variables.
// Dot access on purpose: the Studio build replaces exactly `process.env.SANITY_STUDIO_…` with the values.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace NodeJS {
    interface ProcessEnv {
      SANITY_STUDIO_PROJECT_ID?: string;
      SANITY_STUDIO_DATASET?: string;
    }
  }
}

export const projectId = process.env.SANITY_STUDIO_PROJECT_ID || 'local0000';
export const dataset = process.env.SANITY_STUDIO_DATASET || 'production';
