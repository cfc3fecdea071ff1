# in a project made with `pnpkit new my-game`
pnpkit build my-game --profile tts \
    --base-url https://example.org/my-game/first/
