from tricktaker import _core
