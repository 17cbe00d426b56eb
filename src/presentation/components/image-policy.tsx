import { createContext, useContext, type ReactNode } from 'react'

const ImageOriginsContext = createContext<readonly string[]>([])

/** The http origins images may come from besides `https:` and `data:image/*` (the catalogue). */
export function ImagePolicyProvider({ origins, children }: { origins: readonly string[]; children: ReactNode }) {
  return <ImageOriginsContext.Provider value={origins}>{children}</ImageOriginsContext.Provider>
}

export function useImageOrigins(): readonly string[] {
  return useContext(ImageOriginsContext)
}
