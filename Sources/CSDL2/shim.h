#pragma once
// The desktop simulator window (`lectern run --window`) is the one user of SDL2. The kiosk on the panel must
// start where SDL is not installed (the appliance), so SDL is not linked: it is opened with dlopen only when a
// window is asked for, and the few functions the window calls are looked up here, each typed from SDL's own
// declaration so a signature mismatch is a compile error, not a crash.
#include <SDL2/SDL.h>
#include <dlfcn.h>

/// The SDL2 functions the window uses, found in an opened libSDL2.
typedef struct lectern_sdl {
    __typeof__(SDL_Init) *Init;
    __typeof__(SDL_QuitSubSystem) *QuitSubSystem;
    __typeof__(SDL_Quit) *Quit;
    __typeof__(SDL_GetError) *GetError;
    __typeof__(SDL_SetHint) *SetHint;
    __typeof__(SDL_GetTicks) *GetTicks;
    __typeof__(SDL_CreateWindow) *CreateWindow;
    __typeof__(SDL_DestroyWindow) *DestroyWindow;
    __typeof__(SDL_GetWindowSurface) *GetWindowSurface;
    __typeof__(SDL_UpdateWindowSurface) *UpdateWindowSurface;
    __typeof__(SDL_UpdateWindowSurfaceRects) *UpdateWindowSurfaceRects;
    __typeof__(SDL_LockSurface) *LockSurface;
    __typeof__(SDL_UnlockSurface) *UnlockSurface;
    __typeof__(SDL_PollEvent) *PollEvent;
} lectern_sdl;

/// Fills `sdl` from `library` (a dlopen handle). Returns NULL, or the name of the first function missing.
static inline const char *lectern_sdl_find(void *library, lectern_sdl *sdl) {
#define LECTERN_SDL_FIND(name) \
    if (!(sdl->name = (__typeof__(SDL_##name) *)dlsym(library, "SDL_" #name))) return "SDL_" #name;
    LECTERN_SDL_FIND(Init)
    LECTERN_SDL_FIND(QuitSubSystem)
    LECTERN_SDL_FIND(Quit)
    LECTERN_SDL_FIND(GetError)
    LECTERN_SDL_FIND(SetHint)
    LECTERN_SDL_FIND(GetTicks)
    LECTERN_SDL_FIND(CreateWindow)
    LECTERN_SDL_FIND(DestroyWindow)
    LECTERN_SDL_FIND(GetWindowSurface)
    LECTERN_SDL_FIND(UpdateWindowSurface)
    LECTERN_SDL_FIND(UpdateWindowSurfaceRects)
    LECTERN_SDL_FIND(LockSurface)
    LECTERN_SDL_FIND(UnlockSurface)
    LECTERN_SDL_FIND(PollEvent)
#undef LECTERN_SDL_FIND
    return NULL;
}

/// SDL_MUSTLOCK is a macro Swift cannot see.
static inline int lectern_sdl_must_lock(const SDL_Surface *surface) { return SDL_MUSTLOCK(surface); }
