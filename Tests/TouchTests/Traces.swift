/// Touch traces in the text form of `TouchTrace`, shared by the recognizer tests (and available to copy into
/// end-to-end tests). They are synthesised in the shape of libinput recordings from a 120 Hz panel (8.3 ms
/// frames, sub-point jitter, no coordinates on up), not captured from a device.
enum Traces {
    static let verticalFlick = """
        # A flick up the article: the finger reaches about 1500 pt/s within 40 ms, keeps it for 100 ms and
        # lifts while moving. 120 Hz panel (8333 us frames), +-0.3 pt sensor jitter.
        1000000 0 down 210 620
        frame
        1008333 0 move 210.04 615.29
        frame
        1016666 0 move 210.39 608.74
        frame
        1024999 0 move 210.47 600.42
        frame
        1033332 0 move 210.33 590.01
        frame
        1041665 0 move 210.47 577.46
        frame
        1049998 0 move 210.64 564.76
        frame
        1058331 0 move 211 552.7
        frame
        1066664 0 move 210.97 539.84
        frame
        1074997 0 move 211.43 527.77
        frame
        1083330 0 move 211.55 514.94
        frame
        1091663 0 move 211.94 502.23
        frame
        1099996 0 move 212.02 489.88
        frame
        1108329 0 move 211.74 477.28
        frame
        1116662 0 move 211.99 465.2
        frame
        1124995 0 move 212.06 452.56
        frame
        1133328 0 move 212.48 439.93
        frame
        1141661 0 move 212.58 427.25
        frame
        1149994 0 up
        frame
        """

    static let pauseThenLift = """
        # A slow pull to the left, then the finger rests 80 ms (no motion events) and lifts: velocity must be 0.
        5000000 0 down 300 240
        frame
        5008333 0 move 296.99 239.67
        frame
        5016666 0 move 294.17 240.29
        frame
        5024999 0 move 291.02 239.84
        frame
        5033332 0 move 288.16 240.06
        frame
        5041665 0 move 285.15 240.28
        frame
        5049998 0 move 282 239.93
        frame
        5058331 0 move 279.04 239.94
        frame
        5066664 0 move 275.86 239.84
        frame
        5074997 0 move 273.13 239.63
        frame
        5083330 0 move 269.82 240.1
        frame
        5091663 0 move 266.91 240.03
        frame
        5099996 0 move 263.99 239.87
        frame
        5108329 0 move 261.2 239.76
        frame
        5116662 0 move 257.97 239.76
        frame
        5124995 0 move 255.05 239.82
        frame
        5133328 0 move 251.94 240.2
        frame
        5141661 0 move 248.93 240.05
        frame
        5149994 0 move 246.16 239.68
        frame
        5158327 0 move 242.82 239.78
        frame
        5238327 0 up
        frame
        """

    static let tap = """
        # A tap: the finger settles 1 pt while down, lifts after 92 ms.
        2000000 0 down 400 300
        frame
        2008333 0 move 400.6 300.4
        frame
        2016666 0 move 401 300.7
        frame
        2092000 0 up
        frame
        """

    static let twoFingers = """
        # Two fingers: slot 0 drags down; slot 1 lands far away, moves, lifts; slot 0 carries on and lifts.
        3000000 0 down 100 100
        frame
        3008333 0 move 100.11 104
        frame
        3016666 0 move 100.05 108
        frame
        3024999 0 move 99.89 112
        frame
        3033332 0 move 99.93 116
        frame
        3041665 0 move 99.87 120
        frame
        3049998 0 move 99.98 124
        3049998 1 down 500 700
        frame
        3058331 0 move 99.82 128
        3058331 1 move 491 685
        frame
        3066664 0 move 100.08 132
        3066664 1 move 482 670
        frame
        3074997 0 move 100.16 136
        3074997 1 move 473 655
        frame
        3083330 0 move 100.18 140
        3083330 1 move 464 640
        frame
        3091663 0 move 100.09 144
        3091663 1 move 455 625
        frame
        3099996 0 move 100.18 148
        3099996 1 move 446 610
        frame
        3108329 0 move 99.81 152
        3108329 1 move 437 595
        frame
        3116662 0 move 99.92 156
        3116662 1 up
        frame
        3124995 0 move 100.19 160
        frame
        3133328 0 move 100.11 164
        frame
        3141661 0 move 99.96 168
        frame
        3149994 0 move 100.18 172
        frame
        3158327 0 move 100.05 176
        frame
        3166660 0 move 100.13 180
        frame
        3174993 0 move 99.92 184
        frame
        3183326 0 move 99.88 188
        frame
        3191659 0 move 99.98 192
        frame
        3199992 0 move 99.85 196
        frame
        3208325 0 up
        frame
        """

    static let rowSwipe = """
        # A row swipe to the left with a little vertical drift, released at speed.
        4000000 0 down 350 500
        frame
        4008333 0 move 346.75 500.88
        frame
        4016666 0 move 342.33 501.2
        frame
        4024999 0 move 336.62 501.97
        frame
        4033332 0 move 330.11 502.75
        frame
        4041665 0 move 321.92 503.34
        frame
        4049998 0 move 312.99 504.17
        frame
        4058331 0 move 302.28 504.72
        frame
        4066664 0 move 290.62 505.47
        frame
        4074997 0 move 278.07 506.16
        frame
        4083330 0 move 263.82 507
        frame
        4091663 0 move 248.7 507.9
        frame
        4099996 0 up
        frame
        """

    static let cancelMidDrag = """
        # A vertical drag that the device cancels (unplugged) mid-way.
        6000000 0 down 150 300
        frame
        6008333 0 move 150 306
        frame
        6016666 0 move 150 312
        frame
        6024999 0 move 150 318
        frame
        6033332 0 move 150 324
        frame
        6041665 0 move 150 330
        frame
        6049998 0 move 150 336
        frame
        6058331 0 move 150 342
        frame
        6066664 0 move 150 348
        frame
        6074997 0 cancel
        frame
        """
}
